#include "notify.h"

#include <stdatomic.h>
#include <uv.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "notify_consumer.h"
#include "options.h"

struct libuv_notify {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  uv_loop_t loop;
  int loop_ready;
  uv_async_t async;
  uv_timer_t stop_check;
  uint64_t callbacks; /* the consumer thread's own */
};

/* Ends the consumer: with both handles closed, uv_run returns and the thread exits. */
static void stop_consumer(struct libuv_notify* notify) {
  close_handle((uv_handle_t*)&notify->async, NULL);
  close_handle((uv_handle_t*)&notify->stop_check, NULL);
}

static void on_async(uv_async_t* async) {
  struct libuv_notify* notify = async->data;
  notify->callbacks += 1;
  if (atomic_load(&notify->consumer.abort_requested)) {
    stop_consumer(notify);
    return;
  }
  int closing = 0;
  (void)notify_consumer_take_all(&notify->consumer, &closing);
  if (closing) stop_consumer(notify);
}

static void on_stop_check(uv_timer_t* timer) {
  struct libuv_notify* notify = timer->data;
  if (notify_consumer_should_stop(&notify->consumer)) stop_consumer(notify);
}

static void* consume(void* arg) {
  struct libuv_notify* notify = arg;
  uv_run(&notify->loop, UV_RUN_DEFAULT);
  return NULL;
}

/* No option of the table applies to notify: values go unread. */
static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  (void)values;
  struct libuv_notify* notify = (struct libuv_notify*)consumer;
  int rc = open_loop(&notify->loop, &notify->loop_ready, err, err_len);
  if (rc != RB_OK) return rc;
  rc = uv_async_init(&notify->loop, &notify->async, on_async);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_async_init: %s", uv_strerror(rc));
  notify->async.data = notify;
  rc = uv_timer_init(&notify->loop, &notify->stop_check);
  if (rc == 0)
    rc = uv_timer_start(&notify->stop_check, on_stop_check, kNotifyStopCheckMs, kNotifyStopCheckMs);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "the stop-check timer: %s", uv_strerror(rc));
  notify->stop_check.data = notify;
  return RB_OK;
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  const int rc = uv_async_send(&((struct libuv_notify*)consumer)->async);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_async_send: %s", uv_strerror(rc));
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  (void)uv_async_send(&((struct libuv_notify*)consumer)->async);
}

static void teardown(struct notify_consumer* consumer) {
  struct libuv_notify* notify = (struct libuv_notify*)consumer;
  if (notify->loop_ready) close_loop(&notify->loop);
}

static int notify_post(void* state, uint64_t value) {
  struct libuv_notify* notify = state;
  if (notify_consumer_push(&notify->consumer, value) != 0) return RB_ERR_SYSTEM;
  return uv_async_send(&notify->async) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static const struct notify_counter kCounters[] = {
    {"callbacks", offsetof(struct libuv_notify, callbacks)}};

NOTIFY_CONSUMER_OPS(libuv_notify_ops, struct libuv_notify, kLibuvOptions, kCounters, setup, consume,
                    wake, interrupt, teardown, notify_post);
