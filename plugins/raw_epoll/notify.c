#include "notify.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "error_message.h"
#include "notify_consumer.h"
#include "options.h"
#include "spin.h"

struct raw_epoll_notify {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  int wake_when_empty;
  int event_fd;
  int epoll_fd;
  uint64_t signals; /* guarded by the consumer's mutex: eventfd writes the producers decided on */

  /* The consumer thread's own. */
  uint64_t polls;
  struct spin spin; /* option spin_ns: an injected cost per item consumed */
};

static int signal_consumer(int event_fd) {
  const uint64_t one = 1;
  for (;;) {
    const ssize_t n = write(event_fd, &one, sizeof one);
    if (n == (ssize_t)sizeof one) {
      return 0;
    }
    if (n < 0 && errno == EINTR) {
      continue;
    }
    return -1;
  }
}

/* Takes everything queued; returns whether finish has been called (then nothing is left). */
static int take_batch(struct raw_epoll_notify* notify) {
  int closing = 0;
  const size_t taken = notify_consumer_take_all(&notify->consumer, &closing);
  for (size_t i = 0; i < taken; ++i) {
    spin_run(&notify->spin);
  }
  return closing;
}

static void* consume(void* arg) {
  struct raw_epoll_notify* notify = arg;
  struct notify_consumer* consumer = &notify->consumer;
  for (;;) {
    struct epoll_event event;
    const int n = epoll_wait(notify->epoll_fd, &event, 1, kNotifyStopCheckMs);
    notify->polls += 1;
    if (atomic_load(&consumer->abort_requested)) {
      return NULL;
    }
    if (n < 0 && errno != EINTR) {
      notify_consumer_fail(consumer, "epoll_wait failed", errno);
      return NULL;
    }
    if (n <= 0) {
      if (notify_consumer_should_stop(consumer)) {
        return NULL;
      }
      continue;
    }
    uint64_t pending = 0;
    if (read(notify->event_fd, &pending, sizeof pending) < 0 && errno != EAGAIN) {
      notify_consumer_fail(consumer, "reading the eventfd failed", errno);
      return NULL;
    }
    if (take_batch(notify)) {
      return NULL;
    }
  }
}

static int open_fds(struct raw_epoll_notify* notify, char* err, size_t err_len) {
  notify->event_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (notify->event_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd: %s", strerror(errno));
  }
  notify->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (notify->epoll_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  }
  struct epoll_event event = {.events = EPOLLIN, .data = {.fd = notify->event_fd}};
  if (epoll_ctl(notify->epoll_fd, EPOLL_CTL_ADD, notify->event_fd, &event) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD eventfd): %s", strerror(errno));
  }
  return RB_OK;
}

static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct raw_epoll_notify* notify = (struct raw_epoll_notify*)consumer;
  notify->event_fd = notify->epoll_fd = -1;
  struct epoll_options parsed; /* spin_ns: the injected cost per item consumed */
  epoll_options_from(values, &parsed);
  notify->wake_when_empty = wake_when_empty_from(values);
  spin_init(&notify->spin, parsed.spin_ns);
  return open_fds(notify, err, err_len);
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  if (signal_consumer(((struct raw_epoll_notify*)consumer)->event_fd) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd write: %s", strerror(errno));
  }
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  (void)signal_consumer(((struct raw_epoll_notify*)consumer)->event_fd);
}

static void teardown(struct notify_consumer* consumer) {
  struct raw_epoll_notify* notify = (struct raw_epoll_notify*)consumer;
  if (notify->epoll_fd >= 0) {
    close(notify->epoll_fd);
  }
  if (notify->event_fd >= 0) {
    close(notify->event_fd);
  }
}

/* notify_consumer_push, plus the choice whether to wake: with wake=when_empty only the post
 * that finds the queue empty writes the eventfd. */
static int notify_post(void* state, uint64_t value) {
  struct raw_epoll_notify* notify = state;
  struct notify_consumer* consumer = &notify->consumer;
  pthread_mutex_lock(&consumer->mutex);
  const int wake = !notify->wake_when_empty || consumer->queue.size == 0;
  const int pushed = u64_queue_push(&consumer->queue, value);
  notify->signals += wake && pushed == 0;
  pthread_mutex_unlock(&consumer->mutex);
  if (pushed != 0) {
    return RB_ERR_SYSTEM;
  }
  return !wake || signal_consumer(notify->event_fd) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static const struct notify_counter kCounters[] = {
    {"polls", offsetof(struct raw_epoll_notify, polls)},
    {"signals", offsetof(struct raw_epoll_notify, signals)}};

NOTIFY_CONSUMER_OPS(raw_epoll_notify_ops, struct raw_epoll_notify, kRawEpollOptions, kCounters,
                    setup, consume, wake, interrupt, teardown, notify_post);
