/* A notify plugin that miscounts on request, so the integration tests can show the runner
 * failing the cell with the expected and the actual count and sum. Its "consumer" is inline
 * (post takes the item under a mutex), which the ABI allows and which keeps it tiny.
 * Options: lose_every=K (drop every K-th item), duplicate_every=K (take every K-th item
 * twice), omit_wakeups=1 (leave out the required counter). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_plugin.h"

typedef struct faulty_notify {
  pthread_mutex_t mutex;
  long lose_every, duplicate_every, omit_wakeups;
  uint64_t posts, count, sum;
} faulty_notify;

static int start(const rb_host* host, const rb_notify_params* params, const rb_option* options,
                 uint32_t option_count, void** state, char* err, size_t len) {
  (void)host, (void)params;
  faulty_notify* s = calloc(1, sizeof *s);
  if (s == NULL) return RB_ERR_SYSTEM;
  const rbtest_long_option known[] = {{"lose_every", &s->lose_every},
                                      {"duplicate_every", &s->duplicate_every},
                                      {"omit_wakeups", &s->omit_wakeups}};
  if (rbtest_set_long_options(options, option_count, known, 3, err, len) != RB_OK) {
    free(s);
    return RB_ERR_INVALID_ARGUMENT;
  }
  pthread_mutex_init(&s->mutex, NULL);
  *state = s;
  return RB_OK;
}

static int post(void* state, uint64_t value) {
  faulty_notify* s = state;
  pthread_mutex_lock(&s->mutex);
  s->posts++;
  const int lose = s->lose_every > 0 && s->posts % (uint64_t)s->lose_every == 0;
  const int twice = s->duplicate_every > 0 && s->posts % (uint64_t)s->duplicate_every == 0;
  if (!lose) {
    s->count += twice ? 2 : 1;
    s->sum += twice ? 2 * value : value;
  }
  pthread_mutex_unlock(&s->mutex);
  return RB_OK;
}

static int finish(void* state, rb_notify_result* result, char* err, size_t len) {
  (void)err, (void)len;
  faulty_notify* s = state;
  result->count = s->count;
  result->sum = s->sum;
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t len) {
  (void)err, (void)len;
  const faulty_notify* s = state;
  if (!s->omit_wakeups) sink->put(sink->ctx, "wakeups", s->posts);
  sink->put(sink->ctx, "posts", s->posts);
  return RB_OK;
}

static void release(void* state) {
  faulty_notify* s = state;
  if (s == NULL) return;
  pthread_mutex_destroy(&s->mutex);
  free(s);
}

static const rb_notify_ops kNotifyOps = {
    sizeof(rb_notify_ops), start, post, finish, counters, release};

static const rb_plugin kPlugin = {
    RBTEST_DESCRIPTOR_HEAD(
        "notify-faulty", "none",
        "test plugin: a notify consumer that loses or duplicates items on request"),
    .notify = &kNotifyOps,
};

RBTEST_ENTRY_FOR_THIS_MAJOR(&kPlugin)
