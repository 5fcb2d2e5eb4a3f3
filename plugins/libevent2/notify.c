#include "notify.h"

#include <errno.h>
#include <event2/event.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"
#include "notify_options.h"
#include "thread_pin.h"
#include "u64_queue.h"
#include "wake_channel.h"

/* How often the consumer looks at the host's stop flag and release's abort flag; never
 * reached while items flow, so it costs the measurement nothing but a timer in the heap. */
static const struct timeval kStopCheckPeriod = {0, 250 * 1000};

struct libevent2_notify {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  struct wake_channel channel;
  struct event_base* base;
  struct event* wake_event;
  struct event* stop_check;

  pthread_mutex_t mutex;
  struct u64_queue queue; /* guarded by mutex */
  int closing;            /* guarded by mutex: finish has written its last token */

  pthread_t consumer;
  int consumer_running;
  atomic_int abort_requested; /* release wants the consumer gone, finished or not */

  /* The consumer thread's own; read by others only after joining it. */
  uint64_t count, sum;
  uint64_t wakeups, reads, max_batch, orphan_tokens;
  int failed;
  char failure[256];
};

static void consumer_fail(struct libevent2_notify* notify, const char* what, int error) {
  if (!notify->failed) {
    notify->failed = 1;
    (void)report_error(RB_ERR_SYSTEM, notify->failure, sizeof notify->failure,
                       "consumer: %s after %llu items%s%s", what, (unsigned long long)notify->count,
                       error != 0 ? ": " : "", error != 0 ? strerror(error) : "");
  }
  event_base_loopbreak(notify->base);
}

static void on_wake(evutil_socket_t fd, short what, void* arg) {
  (void)fd;
  (void)what;
  struct libevent2_notify* notify = arg;
  if (atomic_load_explicit(&notify->abort_requested, memory_order_relaxed)) {
    event_base_loopbreak(notify->base);
    return;
  }
  const int64_t tokens = wake_channel_take(&notify->channel);
  if (tokens < 0) {
    consumer_fail(notify, "reading the wake-up fd failed", errno);
    return;
  }
  if (tokens == 0) {
    return;
  }
  notify->reads += 1;
  uint64_t sum = 0;
  pthread_mutex_lock(&notify->mutex);
  const size_t taken = u64_queue_pop_sum(&notify->queue, (size_t)tokens, &sum);
  const int closing = notify->closing;
  pthread_mutex_unlock(&notify->mutex);

  notify->sum += sum;
  notify->count += taken;
  if (taken > 0) {
    notify->wakeups += 1;
    if (taken > notify->max_batch) {
      notify->max_batch = taken;
    }
  }
  /* Every token but finish's last one follows its item onto the queue, so a token without
   * an item is that last one; any more are a bug, counted and left for the checksum. */
  const uint64_t unmatched = (uint64_t)tokens - taken;
  if (unmatched > 0) {
    notify->orphan_tokens += closing ? unmatched - 1 : unmatched;
    if (closing) {
      event_base_loopbreak(notify->base);
    }
  }
}

static void on_stop_check(evutil_socket_t fd, short what, void* arg) {
  (void)fd;
  (void)what;
  struct libevent2_notify* notify = arg;
  if (atomic_load(&notify->abort_requested)) {
    event_base_loopbreak(notify->base);
  } else if (notify->stop_requested != NULL && notify->stop_requested(notify->host_ctx)) {
    consumer_fail(notify, "the host asked to stop", 0);
  }
}

static void* consume(void* arg) {
  struct libevent2_notify* notify = arg;
  if (event_base_dispatch(notify->base) < 0) {
    consumer_fail(notify, "event_base_dispatch failed", 0);
  }
  return NULL;
}

static void destroy(struct libevent2_notify* notify) {
  if (notify->consumer_running) {
    atomic_store(&notify->abort_requested, 1);
    wake_channel_nudge(&notify->channel);
    pthread_join(notify->consumer, NULL);
    notify->consumer_running = 0;
  }
  if (notify->wake_event != NULL) {
    event_free(notify->wake_event);
  }
  if (notify->stop_check != NULL) {
    event_free(notify->stop_check);
  }
  if (notify->base != NULL) {
    event_base_free(notify->base);
  }
  wake_channel_close(&notify->channel);
  u64_queue_free(&notify->queue);
  pthread_mutex_destroy(&notify->mutex);
  free(notify);
}

/* Seed 004 used event_base_new(); this is the same epoll base, immune to EVENT_NO* in the
 * environment so the cell always measures what it says. */
static struct event_base* new_epoll_base(void) {
  struct event_config* config = event_config_new();
  if (config == NULL) {
    return NULL;
  }
  struct event_base* base = NULL;
  if (event_config_avoid_method(config, "poll") == 0 &&
      event_config_avoid_method(config, "select") == 0 &&
      event_config_set_flag(config, EVENT_BASE_FLAG_IGNORE_ENV) == 0) {
    base = event_base_new_with_config(config);
  }
  event_config_free(config);
  return base;
}

static int build_loop(struct libevent2_notify* notify, char* err, size_t err_len) {
  notify->base = new_epoll_base();
  if (notify->base == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot create an epoll event_base");
  }
  notify->wake_event =
      event_new(notify->base, notify->channel.read_fd, EV_READ | EV_PERSIST, on_wake, notify);
  notify->stop_check = event_new(notify->base, -1, EV_PERSIST, on_stop_check, notify);
  if (notify->wake_event == NULL || notify->stop_check == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_new failed");
  }
  if (event_add(notify->wake_event, NULL) != 0 ||
      event_add(notify->stop_check, &kStopCheckPeriod) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_add failed");
  }
  return RB_OK;
}

static int start_consumer(struct libevent2_notify* notify, int cpu, char* err, size_t err_len) {
  const int rc = pthread_create(&notify->consumer, NULL, consume, notify);
  if (rc != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(rc));
  }
  notify->consumer_running = 1;
  const int pin = rb_pin_thread(notify->consumer, cpu);
  if (pin != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot pin the consumer to cpu %d: %s", cpu,
                        strerror(pin));
  }
  return RB_OK;
}

static int notify_start(const rb_host* host, const rb_notify_params* params,
                        const rb_option* options, uint32_t option_count, void** state, char* err,
                        size_t err_len) {
  if (state == NULL || params == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "start: params and state required");
  }
  *state = NULL;
  struct notify_options parsed;
  int rc = parse_notify_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct libevent2_notify* notify = calloc(1, sizeof *notify);
  if (notify == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  pthread_mutex_init(&notify->mutex, NULL);
  u64_queue_init(&notify->queue);
  notify->channel.read_fd = notify->channel.write_fd = -1;
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed) {
    notify->stop_requested = host->stop_requested;
    notify->host_ctx = host->ctx;
  }
  const int32_t cpu =
      params->struct_size >= offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu
          ? params->consumer_cpu
          : -1;
  if (wake_channel_open(&notify->channel, parsed.use_eventfd, parsed.drain_all) != 0) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "%s: %s",
                      parsed.use_eventfd ? "eventfd" : "pipe", strerror(errno));
  }
  if (rc == RB_OK) {
    rc = build_loop(notify, err, err_len);
  }
  if (rc == RB_OK) {
    rc = start_consumer(notify, cpu, err, err_len);
  }
  if (rc != RB_OK) {
    destroy(notify);
    return rc;
  }
  *state = notify;
  return RB_OK;
}

static int notify_post(void* state, uint64_t value) {
  struct libevent2_notify* notify = state;
  pthread_mutex_lock(&notify->mutex);
  const int pushed = u64_queue_push(&notify->queue, value);
  pthread_mutex_unlock(&notify->mutex);
  if (pushed != 0) {
    return RB_ERR_SYSTEM;
  }
  return wake_channel_signal(&notify->channel) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static int notify_finish(void* state, rb_notify_result* result, char* err, size_t err_len) {
  struct libevent2_notify* notify = state;
  if (notify == NULL || result == NULL || !notify->consumer_running) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "finish: no running consumer (start failed or finish ran twice)");
  }
  pthread_mutex_lock(&notify->mutex);
  notify->closing = 1;
  pthread_mutex_unlock(&notify->mutex);
  if (wake_channel_signal(&notify->channel) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "writing the last token: %s", strerror(errno));
  }
  pthread_join(notify->consumer, NULL);
  notify->consumer_running = 0;
  if (notify->failed) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s", notify->failure);
  }
  result->count = notify->count;
  result->sum = notify->sum;
  return RB_OK;
}

static int notify_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libevent2_notify* notify = state;
  if (notify == NULL || sink == NULL || sink->put == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state and sink required");
  }
  sink->put(sink->ctx, "wakeups", notify->wakeups);
  sink->put(sink->ctx, "reads", notify->reads);
  sink->put(sink->ctx, "max_batch", notify->max_batch);
  sink->put(sink->ctx, "orphan_tokens", notify->orphan_tokens);
  return RB_OK;
}

static void notify_release(void* state) {
  if (state != NULL) {
    destroy(state);
  }
}

const rb_notify_ops libevent2_notify_ops = {
    .struct_size = sizeof(rb_notify_ops),
    .start = notify_start,
    .post = notify_post,
    .finish = notify_finish,
    .counters = notify_counters,
    .release = notify_release,
};
