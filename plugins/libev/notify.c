#include "notify.h"

#include <ev.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"
#include "loop_options.h"
#include "thread_pin.h"
#include "u64_queue.h"

/* How often the consumer looks at the host's stop flag and release's abort flag; never due
 * while items flow, so it costs the measurement only a timer in the heap. */
static const ev_tstamp kStopCheckPeriod = 0.25;

struct libev_notify {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  struct ev_loop* loop;
  ev_async wake;
  ev_timer stop_check;

  pthread_mutex_t mutex;
  struct u64_queue queue; /* guarded by mutex */
  int closing;            /* guarded by mutex: finish has been called */

  pthread_t consumer;
  int consumer_running;
  atomic_int abort_requested; /* release wants the consumer gone, finished or not */

  /* The consumer thread's own; read by others only after joining it. */
  struct u64_queue draining;
  uint64_t count, sum;
  uint64_t wakeups, callbacks, max_batch;
  int failed;
  char failure[256];
};

static void on_wake(struct ev_loop* loop, ev_async* wake, int revents) {
  (void)revents;
  struct libev_notify* notify = wake->data;
  if (atomic_load_explicit(&notify->abort_requested, memory_order_relaxed)) {
    ev_break(loop, EVBREAK_ALL);
    return;
  }
  notify->callbacks += 1;
  pthread_mutex_lock(&notify->mutex);
  u64_queue_swap(&notify->queue, &notify->draining);
  /* Read under the lock that took the queue: once closing is set, every post is in it. */
  const int closing = notify->closing;
  pthread_mutex_unlock(&notify->mutex);

  uint64_t sum = 0;
  const size_t taken = u64_queue_pop_sum(&notify->draining, SIZE_MAX, &sum);
  notify->sum += sum;
  notify->count += taken;
  if (taken > 0) {
    notify->wakeups += 1;
    if (taken > notify->max_batch) notify->max_batch = taken;
  }
  if (closing) ev_break(loop, EVBREAK_ALL);
}

static void on_stop_check(struct ev_loop* loop, ev_timer* timer, int revents) {
  (void)revents;
  struct libev_notify* notify = timer->data;
  if (atomic_load(&notify->abort_requested)) {
    ev_break(loop, EVBREAK_ALL);
  } else if (notify->stop_requested != NULL && notify->stop_requested(notify->host_ctx)) {
    notify->failed = 1;
    report_error(RB_ERR_SYSTEM, notify->failure, sizeof notify->failure,
                 "consumer: the host asked to stop after %llu items",
                 (unsigned long long)notify->count);
    ev_break(loop, EVBREAK_ALL);
  }
}

static void* consume(void* arg) {
  struct libev_notify* notify = arg;
  ev_run(notify->loop, 0);
  return NULL;
}

static void destroy(struct libev_notify* notify) {
  if (notify->consumer_running) {
    atomic_store(&notify->abort_requested, 1);
    ev_async_send(notify->loop, &notify->wake);
    pthread_join(notify->consumer, NULL);
    notify->consumer_running = 0;
  }
  if (notify->loop != NULL) {
    ev_async_stop(notify->loop, &notify->wake);
    ev_timer_stop(notify->loop, &notify->stop_check);
    ev_loop_destroy(notify->loop);
  }
  u64_queue_free(&notify->queue);
  u64_queue_free(&notify->draining);
  pthread_mutex_destroy(&notify->mutex);
  free(notify);
}

static int build_loop(struct libev_notify* notify, const struct loop_options* options, char* err,
                      size_t err_len) {
  const int rc = new_loop(options, &notify->loop, err, err_len);
  if (rc != RB_OK) return rc;
  ev_async_init(&notify->wake, on_wake);
  notify->wake.data = notify;
  ev_async_start(notify->loop, &notify->wake);
  ev_timer_init(&notify->stop_check, on_stop_check, kStopCheckPeriod, kStopCheckPeriod);
  notify->stop_check.data = notify;
  ev_timer_start(notify->loop, &notify->stop_check);
  return RB_OK;
}

static int start_consumer(struct libev_notify* notify, int cpu, char* err, size_t err_len) {
  const int rc = pthread_create(&notify->consumer, NULL, consume, notify);
  if (rc != 0) return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(rc));
  notify->consumer_running = 1;
  const int pin = rb_pin_thread(notify->consumer, cpu);
  if (pin != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot pin the consumer to cpu %d: %s", cpu,
                        strerror(pin));
  return RB_OK;
}

static int notify_start(const rb_host* host, const rb_notify_params* params,
                        const rb_option* options, uint32_t option_count, void** state, char* err,
                        size_t err_len) {
  if (state == NULL || params == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "start: params and state required");
  *state = NULL;
  struct loop_options parsed;
  int rc = parse_loop_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct libev_notify* notify = calloc(1, sizeof *notify);
  if (notify == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  pthread_mutex_init(&notify->mutex, NULL);
  u64_queue_init(&notify->queue);
  u64_queue_init(&notify->draining);
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed) {
    notify->stop_requested = host->stop_requested;
    notify->host_ctx = host->ctx;
  }
  const int32_t cpu =
      params->struct_size >= offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu
          ? params->consumer_cpu
          : -1;
  rc = build_loop(notify, &parsed, err, err_len);
  if (rc == RB_OK) rc = start_consumer(notify, cpu, err, err_len);
  if (rc != RB_OK) {
    destroy(notify);
    return rc;
  }
  *state = notify;
  return RB_OK;
}

static int notify_post(void* state, uint64_t value) {
  struct libev_notify* notify = state;
  pthread_mutex_lock(&notify->mutex);
  const int pushed = u64_queue_push(&notify->queue, value);
  pthread_mutex_unlock(&notify->mutex);
  if (pushed != 0) return RB_ERR_SYSTEM;
  ev_async_send(notify->loop, &notify->wake);
  return RB_OK;
}

static int notify_finish(void* state, rb_notify_result* result, char* err, size_t err_len) {
  struct libev_notify* notify = state;
  if (notify == NULL || result == NULL || !notify->consumer_running)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "finish: no running consumer (start failed or finish ran twice)");
  pthread_mutex_lock(&notify->mutex);
  notify->closing = 1;
  pthread_mutex_unlock(&notify->mutex);
  ev_async_send(notify->loop, &notify->wake);
  pthread_join(notify->consumer, NULL);
  notify->consumer_running = 0;
  if (notify->failed) return report_error(RB_ERR_SYSTEM, err, err_len, "%s", notify->failure);
  result->count = notify->count;
  result->sum = notify->sum;
  return RB_OK;
}

static int notify_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libev_notify* notify = state;
  if (notify == NULL || sink == NULL || sink->put == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state and sink required");
  sink->put(sink->ctx, "wakeups", notify->wakeups);
  sink->put(sink->ctx, "async_callbacks", notify->callbacks);
  sink->put(sink->ctx, "max_batch", notify->max_batch);
  return RB_OK;
}

static void notify_release(void* state) {
  if (state != NULL) destroy(state);
}

const rb_notify_ops libev_notify_ops = {
    .struct_size = sizeof(rb_notify_ops),
    .start = notify_start,
    .post = notify_post,
    .finish = notify_finish,
    .counters = notify_counters,
    .release = notify_release,
};
