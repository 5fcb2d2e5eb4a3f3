#include "notify.h"

#include <errno.h>
#include <event2/event.h>
#include <stdatomic.h>
#include <string.h>

#include "error_message.h"
#include "notify_consumer.h"
#include "options.h"
#include "wake_channel.h"

static const struct timeval kStopCheckPeriod = {kNotifyStopCheckMs / 1000,
                                                (kNotifyStopCheckMs % 1000) * 1000};

struct libevent2_notify {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  struct wake_channel channel;
  struct event_base* base;
  struct event* wake_event;
  struct event* stop_check;
  uint64_t reads, orphan_tokens; /* the consumer thread's own */
};

static void consumer_fail(struct libevent2_notify* notify, const char* what, int error) {
  notify_consumer_fail(&notify->consumer, what, error);
  event_base_loopbreak(notify->base);
}

static void on_wake(evutil_socket_t fd, short what, void* arg) {
  (void)fd;
  (void)what;
  struct libevent2_notify* notify = arg;
  struct notify_consumer* consumer = &notify->consumer;
  if (atomic_load_explicit(&consumer->abort_requested, memory_order_relaxed)) {
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
  pthread_mutex_lock(&consumer->mutex);
  const size_t taken = u64_queue_pop_sum(&consumer->queue, (size_t)tokens, &sum);
  const int closing = consumer->closing;
  pthread_mutex_unlock(&consumer->mutex);
  notify_consumer_count(consumer, taken, sum);
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
  if (notify_consumer_should_stop(&notify->consumer)) {
    event_base_loopbreak(notify->base);
  }
}

static void* consume(void* arg) {
  struct libevent2_notify* notify = arg;
  if (event_base_dispatch(notify->base) < 0) {
    consumer_fail(notify, "event_base_dispatch failed", 0);
  }
  return NULL;
}

/* The pipe-vs-condvar study used event_base_new(); this is the same epoll base, immune to EVENT_NO*
 * in the environment so the cell always measures what it says. */
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

static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct libevent2_notify* notify = (struct libevent2_notify*)consumer;
  notify->channel.read_fd = notify->channel.write_fd = -1;
  struct notify_options parsed;
  notify_options_from(values, &parsed);
  if (wake_channel_open(&notify->channel, parsed.use_eventfd, parsed.drain_all) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s: %s",
                        parsed.use_eventfd ? "eventfd" : "pipe", strerror(errno));
  }
  return build_loop(notify, err, err_len);
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  if (wake_channel_signal(&((struct libevent2_notify*)consumer)->channel) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "writing the last token: %s", strerror(errno));
  }
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  wake_channel_nudge(&((struct libevent2_notify*)consumer)->channel);
}

static void teardown(struct notify_consumer* consumer) {
  struct libevent2_notify* notify = (struct libevent2_notify*)consumer;
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
}

static int notify_post(void* state, uint64_t value) {
  struct libevent2_notify* notify = state;
  if (notify_consumer_push(&notify->consumer, value) != 0) {
    return RB_ERR_SYSTEM;
  }
  return wake_channel_signal(&notify->channel) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static const struct notify_counter kCounters[] = {
    {"reads", offsetof(struct libevent2_notify, reads)},
    {"orphan_tokens", offsetof(struct libevent2_notify, orphan_tokens)}};

NOTIFY_CONSUMER_OPS(libevent2_notify_ops, struct libevent2_notify, kLibevent2Options, kCounters,
                    setup, consume, wake, interrupt, teardown, notify_post);
