#include "notify.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "plugin_options.h"
#include "thread_pin.h"
#include "u64_queue.h"

/* How often an idle consumer looks at the host's stop request and release's abort. */
enum { kStopCheckMs = 250 };

struct libuv_notify {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  uv_loop_t loop;
  int loop_ready;
  uv_async_t async;
  uv_timer_t stop_check;

  pthread_mutex_t mutex;
  int mutex_ready;
  struct u64_queue queue; /* guarded by mutex */
  int closing;            /* guarded by mutex: finish was called, no post will follow */

  pthread_t consumer;
  int consumer_running;
  atomic_int abort_requested;

  /* The consumer thread's own; read by others only after joining it. */
  struct u64_queue batch;
  uint64_t count, sum, wakeups, callbacks, max_batch;
  int failed;
  char failure[256];
};

/* Ends the consumer: with both handles closed, uv_run returns and the thread exits. */
static void stop_consumer(struct libuv_notify* notify) {
  close_handle((uv_handle_t*)&notify->async, NULL);
  close_handle((uv_handle_t*)&notify->stop_check, NULL);
}

static void on_async(uv_async_t* async) {
  struct libuv_notify* notify = async->data;
  notify->callbacks += 1;
  if (atomic_load(&notify->abort_requested)) {
    stop_consumer(notify);
    return;
  }
  pthread_mutex_lock(&notify->mutex);
  u64_queue_swap(&notify->queue, &notify->batch);
  const int closing = notify->closing;
  pthread_mutex_unlock(&notify->mutex);
  const size_t taken = u64_queue_pop_sum(&notify->batch, notify->batch.size, &notify->sum);
  notify->count += taken;
  if (taken > 0) {
    notify->wakeups += 1;
    if (taken > notify->max_batch) notify->max_batch = taken;
  }
  if (closing) stop_consumer(notify);
}

static void on_stop_check(uv_timer_t* timer) {
  struct libuv_notify* notify = timer->data;
  if (atomic_load(&notify->abort_requested)) {
    stop_consumer(notify);
  } else if (notify->stop_requested != NULL && notify->stop_requested(notify->host_ctx)) {
    notify->failed = 1;
    (void)report_error(RB_ERR_SYSTEM, notify->failure, sizeof notify->failure,
                       "consumer: the host asked to stop after %llu items",
                       (unsigned long long)notify->count);
    stop_consumer(notify);
  }
}

static void* consume(void* arg) {
  struct libuv_notify* notify = arg;
  uv_run(&notify->loop, UV_RUN_DEFAULT);
  return NULL;
}

static void destroy(struct libuv_notify* notify) {
  if (notify->consumer_running) {
    atomic_store(&notify->abort_requested, 1);
    uv_async_send(&notify->async);
    pthread_join(notify->consumer, NULL);
  }
  if (notify->loop_ready) close_loop(&notify->loop);
  u64_queue_free(&notify->queue);
  u64_queue_free(&notify->batch);
  if (notify->mutex_ready) pthread_mutex_destroy(&notify->mutex);
  free(notify);
}

static int create_loop(struct libuv_notify* notify, char* err, size_t err_len) {
  int rc = uv_loop_init(&notify->loop);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
  notify->loop_ready = 1;
  rc = uv_async_init(&notify->loop, &notify->async, on_async);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_async_init: %s", uv_strerror(rc));
  notify->async.data = notify;
  rc = uv_timer_init(&notify->loop, &notify->stop_check);
  if (rc == 0) rc = uv_timer_start(&notify->stop_check, on_stop_check, kStopCheckMs, kStopCheckMs);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "the stop-check timer: %s", uv_strerror(rc));
  notify->stop_check.data = notify;
  return RB_OK;
}

static int start_consumer(struct libuv_notify* notify, int cpu, char* err, size_t err_len) {
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
  struct libuv_options parsed;
  int rc = parse_libuv_options(options, option_count, kNoOptions, "notify", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct libuv_notify* notify = calloc(1, sizeof *notify);
  if (notify == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  u64_queue_init(&notify->queue);
  u64_queue_init(&notify->batch);
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed) {
    notify->stop_requested = host->stop_requested;
    notify->host_ctx = host->ctx;
  }
  const int32_t cpu =
      params->struct_size >= offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu
          ? params->consumer_cpu
          : -1;
  if (pthread_mutex_init(&notify->mutex, NULL) != 0) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_mutex_init failed");
  } else {
    notify->mutex_ready = 1;
    rc = create_loop(notify, err, err_len);
  }
  if (rc == RB_OK) rc = start_consumer(notify, cpu, err, err_len);
  if (rc != RB_OK) {
    destroy(notify);
    return rc;
  }
  *state = notify;
  return RB_OK;
}

static int notify_post(void* state, uint64_t value) {
  struct libuv_notify* notify = state;
  pthread_mutex_lock(&notify->mutex);
  const int pushed = u64_queue_push(&notify->queue, value);
  pthread_mutex_unlock(&notify->mutex);
  if (pushed != 0) return RB_ERR_SYSTEM;
  return uv_async_send(&notify->async) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static int notify_finish(void* state, rb_notify_result* result, char* err, size_t err_len) {
  struct libuv_notify* notify = state;
  if (notify == NULL || result == NULL || !notify->consumer_running)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "finish: no running consumer (start failed or finish ran twice)");
  pthread_mutex_lock(&notify->mutex);
  notify->closing = 1;
  pthread_mutex_unlock(&notify->mutex);
  /* The callback this send guarantees sees `closing` and everything posted before it. */
  const int rc = uv_async_send(&notify->async);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_async_send: %s", uv_strerror(rc));
  pthread_join(notify->consumer, NULL);
  notify->consumer_running = 0;
  if (notify->failed) return report_error(RB_ERR_SYSTEM, err, err_len, "%s", notify->failure);
  result->count = notify->count;
  result->sum = notify->sum;
  return RB_OK;
}

static int notify_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libuv_notify* notify = state;
  if (notify == NULL || sink == NULL || sink->put == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state and sink required");
  sink->put(sink->ctx, "wakeups", notify->wakeups);
  sink->put(sink->ctx, "callbacks", notify->callbacks);
  sink->put(sink->ctx, "max_batch", notify->max_batch);
  return RB_OK;
}

static void notify_release(void* state) {
  if (state != NULL) destroy(state);
}

const rb_notify_ops libuv_notify_ops = {
    .struct_size = sizeof(rb_notify_ops),
    .start = notify_start,
    .post = notify_post,
    .finish = notify_finish,
    .counters = notify_counters,
    .release = notify_release,
};
