#ifndef RB_PLUGIN_COMMON_NOTIFY_CONSUMER_H
#define RB_PLUGIN_COMMON_NOTIFY_CONSUMER_H

/* The notify workload's consumer, as every C plugin runs it: producers push onto a
 * mutex-guarded queue and wake one consumer thread, which takes what is queued and counts
 * it; finish closes the queue and joins the thread; release aborts it. What differs between
 * plugins is only how the consumer waits and how a producer wakes it: a plugin supplies that
 * as a notify_backend, whose functions run outside the measured hand-off (post and the
 * consumer's callback call the static inline functions below directly). */

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "abi_tables.h"
#include "option_table.h"
#include "reactorbench/plugin.h"
#include "u64_queue.h"

#ifdef __cplusplus
extern "C" {
#endif

struct notify_backend;

struct notify_consumer {
  const struct notify_backend* backend;
  int (*stop_requested)(void* ctx); /* the host's, if its rb_host has one */
  void* host_ctx;

  pthread_mutex_t mutex;
  int mutex_ready;
  struct u64_queue queue; /* guarded by mutex */
  int closing;            /* guarded by mutex: finish was called, no post will follow */

  pthread_t thread;
  int running;
  atomic_int abort_requested; /* release wants the consumer gone, finished or not */

  /* The consumer thread's own; read by others only after joining it. */
  struct u64_queue batch;
  uint64_t count, sum, wakeups, max_batch;
  int failed;
  char failure[256];
};

/* How often an idle consumer looks at the host's stop request and release's abort, in every
 * plugin: never due while items flow, so it costs the measurement only a timer. */
enum { kNotifyStopCheckMs = 250 };

/* One of the plugin's own counters: a uint64_t member of its state, `offset` bytes in. */
struct notify_counter {
  const char* name;
  size_t offset;
};

/* The plugin's own counters, made from an array (of known size) by NOTIFY_COUNTERS. */
struct notify_counters {
  const struct notify_counter* list;
  uint32_t count;
};
#define NOTIFY_COUNTERS(list) \
  { (list), (uint32_t)(sizeof(list) / sizeof((list)[0])) }

/* A plugin's state is a struct whose first member is its notify_consumer. */
struct notify_backend {
  size_t state_size;
  struct option_table options; /* the plugin's declared options (its descriptor's) */
  /* Builds what the consumer waits on, as the options say (values[i] belongs to options[i],
   * parsed for "notify"). Runs on zeroed state; set any fd to -1 before anything can fail,
   * since teardown runs after a failed setup too. */
  int (*setup)(struct notify_consumer* consumer, const rb_option_value* values, char* err,
               size_t err_len);
  void* (*run)(void* consumer); /* the consumer thread */
  /* Makes the consumer look at `closing` (finish); RB_OK or an error in err. */
  int (*wake)(struct notify_consumer* consumer, char* err, size_t err_len);
  /* Makes the consumer look at abort_requested (release); best effort. */
  void (*interrupt)(struct notify_consumer* consumer);
  /* Frees what setup built, once no consumer thread runs. */
  void (*teardown)(struct notify_consumer* consumer);
  /* The plugin's own counters, put after the harness's. */
  struct notify_counters counters;
};

/* rb_notify_ops' start for a backend (a plugin's start passes its own), and its finish and
 * release as they are. */
int notify_consumer_start(const struct notify_backend* backend, const rb_host* host,
                          const rb_notify_params* params, const rb_option* options,
                          uint32_t option_count, void** state, char* err, size_t err_len);
int notify_consumer_finish(void* state, rb_notify_result* result, char* err, size_t err_len);
void notify_consumer_release(void* state);

/* counters' argument check, the counters every consumer has ("wakeups", "max_batch") and
 * then the plugin's own. */
int notify_consumer_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len);

/* Defines the plugin's rb_notify_ops `ops_name`: its backend (from the plugin's state type, its
 * declared options and its own counters (arrays of known size) and the backend's functions) and
 * its own post; start, finish, counters and release are the harness's. */
#define NOTIFY_CONSUMER_OPS(ops_name, state_type, declared_options, own_counters, setup, run,  \
                            wake, interrupt, teardown, post)                                   \
  static const struct notify_backend ops_name##_backend = {                                    \
      sizeof(state_type), OPTION_TABLE(declared_options), (setup), (run), (wake), (interrupt), \
      (teardown),         NOTIFY_COUNTERS(own_counters)};                                      \
  RB_HARNESS_PREPARE(ops_name##_start, rb_notify_params, notify_consumer_start,                \
                     ops_name##_backend)                                                       \
  const rb_notify_ops ops_name = {                                                             \
      sizeof(rb_notify_ops),  ops_name##_start,         (post),                                \
      notify_consumer_finish, notify_consumer_counters, notify_consumer_release}

/* Notes why the consumer stops early (the first reason wins); finish reports it. */
void notify_consumer_fail(struct notify_consumer* consumer, const char* what, int error);

/* For the consumer's periodic check while idle: whether it should stop now, because release
 * aborts it or because the host asked (noted as a failure). */
int notify_consumer_should_stop(struct notify_consumer* consumer);

/* A producer's push (under the lock); 0, or -1 when the queue cannot grow. */
static inline int notify_consumer_push(struct notify_consumer* consumer, uint64_t value) {
  pthread_mutex_lock(&consumer->mutex);
  const int pushed = u64_queue_push(&consumer->queue, value);
  pthread_mutex_unlock(&consumer->mutex);
  return pushed;
}

/* Counts a batch of `taken` items summing to `sum`. */
static inline void notify_consumer_count(struct notify_consumer* consumer, size_t taken,
                                         uint64_t sum) {
  consumer->sum += sum;
  consumer->count += taken;
  if (taken > 0) {
    consumer->wakeups += 1;
    if (taken > consumer->max_batch) {
      consumer->max_batch = taken;
    }
  }
}

/* Swaps the shared queue for the consumer's own under the lock and drains it outside, as
 * muduo swaps its pending functors. Returns how many it took; *closing tells whether finish
 * had been called (then nothing more will come). */
static inline size_t notify_consumer_take_all(struct notify_consumer* consumer, int* closing) {
  pthread_mutex_lock(&consumer->mutex);
  u64_queue_swap(&consumer->queue, &consumer->batch);
  /* Read under the lock that took the queue: once closing is set, every post is in it. */
  *closing = consumer->closing;
  pthread_mutex_unlock(&consumer->mutex);
  uint64_t sum = 0;
  const size_t taken = u64_queue_pop_sum(&consumer->batch, consumer->batch.size, &sum);
  notify_consumer_count(consumer, taken, sum);
  return taken;
}

#ifdef __cplusplus
}
#endif

#endif
