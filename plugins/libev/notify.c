#include "notify.h"

#include <ev.h>
#include <stdatomic.h>

#include "error_message.h"
#include "notify_consumer.h"
#include "options.h"

static const ev_tstamp kStopCheckPeriod = kNotifyStopCheckMs / 1000.;

struct libev_notify {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  struct ev_loop* loop;
  ev_async wake;
  ev_timer stop_check;
  uint64_t callbacks; /* the consumer thread's own */
};

static void on_wake(struct ev_loop* loop, ev_async* wake, int revents) {
  (void)revents;
  struct libev_notify* notify = wake->data;
  if (atomic_load_explicit(&notify->consumer.abort_requested, memory_order_relaxed)) {
    ev_break(loop, EVBREAK_ALL);
    return;
  }
  notify->callbacks += 1;
  int closing = 0;
  (void)notify_consumer_take_all(&notify->consumer, &closing);
  if (closing) ev_break(loop, EVBREAK_ALL);
}

static void on_stop_check(struct ev_loop* loop, ev_timer* timer, int revents) {
  (void)revents;
  struct libev_notify* notify = timer->data;
  if (notify_consumer_should_stop(&notify->consumer)) ev_break(loop, EVBREAK_ALL);
}

static void* consume(void* arg) {
  struct libev_notify* notify = arg;
  ev_run(notify->loop, 0);
  return NULL;
}

static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct libev_notify* notify = (struct libev_notify*)consumer;
  const int rc = new_loop_from(values, &notify->loop, err, err_len);
  if (rc != RB_OK) return rc;
  ev_async_init(&notify->wake, on_wake);
  notify->wake.data = notify;
  ev_async_start(notify->loop, &notify->wake);
  ev_timer_init(&notify->stop_check, on_stop_check, kStopCheckPeriod, kStopCheckPeriod);
  notify->stop_check.data = notify;
  ev_timer_start(notify->loop, &notify->stop_check);
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  struct libev_notify* notify = (struct libev_notify*)consumer;
  ev_async_send(notify->loop, &notify->wake);
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  interrupt(consumer);
  return RB_OK;
}

static void teardown(struct notify_consumer* consumer) {
  struct libev_notify* notify = (struct libev_notify*)consumer;
  if (notify->loop != NULL) {
    ev_async_stop(notify->loop, &notify->wake);
    ev_timer_stop(notify->loop, &notify->stop_check);
    ev_loop_destroy(notify->loop);
  }
}

static int notify_post(void* state, uint64_t value) {
  struct libev_notify* notify = state;
  if (notify_consumer_push(&notify->consumer, value) != 0) return RB_ERR_SYSTEM;
  ev_async_send(notify->loop, &notify->wake);
  return RB_OK;
}

static const struct notify_counter kCounters[] = {
    {"async_callbacks", offsetof(struct libev_notify, callbacks)}};

NOTIFY_CONSUMER_OPS(libev_notify_ops, struct libev_notify, kLibevOptions, kCounters, setup, consume,
                    wake, interrupt, teardown, notify_post);
