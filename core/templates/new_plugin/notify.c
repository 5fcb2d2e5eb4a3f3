/* The notify workload: the host's producer threads post 1..items; the kit's notify harness
 * keeps the queue, counts and checks; this file is how the consumer waits and how a producer
 * wakes it. Replace epoll + eventfd with your library's loop and its cross-thread wake-up
 * (uv_async_send, ev_async_send, event_active, ...):
 *   setup      build what the consumer waits on (not timed)
 *   consume    the consumer thread: wait, take everything queued, until finish or release
 *   wake       make the consumer look at the queue (finish uses it)
 *   interrupt  make the consumer look at release's abort
 *   post       a producer's hand-off (timed: elapsed_ms): queue the value and wake */
#include <errno.h>
#include <reactorbench/kit/error_message.h>
#include <reactorbench/kit/notify_consumer.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "options.h"

struct notify_loop {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  int event_fd;
  int epoll_fd;
  int timeout_ms;
  uint64_t polls; /* the consumer thread's own: its waits, for the counter "polls" */
};

static int signal_consumer(int event_fd) {
  const uint64_t one = 1;
  for (;;) {
    const ssize_t n = write(event_fd, &one, sizeof one);
    if (n == (ssize_t)sizeof one) return 0;
    if (n < 0 && errno == EINTR) continue;
    return -1;
  }
}

static void* consume(void* arg) {
  struct notify_loop* loop = arg;
  struct notify_consumer* consumer = &loop->consumer;
  for (;;) {
    struct epoll_event event;
    const int n = epoll_wait(loop->epoll_fd, &event, 1, loop->timeout_ms);
    loop->polls += 1;
    if (atomic_load(&consumer->abort_requested)) return NULL;
    if (n < 0 && errno != EINTR) {
      notify_consumer_fail(consumer, "epoll_wait failed", errno);
      return NULL;
    }
    if (n <= 0) { /* idle: a timeout or a signal; is it time to give up? */
      if (notify_consumer_should_stop(consumer)) return NULL;
      continue;
    }
    uint64_t pending = 0;
    if (read(loop->event_fd, &pending, sizeof pending) < 0 && errno != EAGAIN) {
      notify_consumer_fail(consumer, "reading the eventfd failed", errno);
      return NULL;
    }
    int closing = 0;
    (void)notify_consumer_take_all(consumer, &closing); /* counts wakeups, items, sum */
    if (closing) return NULL;
  }
}

static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct notify_loop* loop = (struct notify_loop*)consumer;
  loop->event_fd = loop->epoll_fd = -1; /* teardown runs after a failed setup too */
  loop->timeout_ms = poll_timeout_ms_of(values);
  loop->event_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (loop->event_fd < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd: %s", strerror(errno));
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (loop->epoll_fd < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  struct epoll_event event = {.events = EPOLLIN, .data = {.fd = loop->event_fd}};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, loop->event_fd, &event) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD eventfd): %s", strerror(errno));
  return RB_OK;
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  if (signal_consumer(((struct notify_loop*)consumer)->event_fd) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd write: %s", strerror(errno));
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  (void)signal_consumer(((struct notify_loop*)consumer)->event_fd);
}

static void teardown(struct notify_consumer* consumer) {
  struct notify_loop* loop = (struct notify_loop*)consumer;
  if (loop->epoll_fd >= 0) close(loop->epoll_fd);
  if (loop->event_fd >= 0) close(loop->event_fd);
}

/* Thread-safe: the host's producers call it at once. May block, never fails for a slow
 * consumer. */
static int post(void* state, uint64_t value) {
  struct notify_loop* loop = state;
  if (notify_consumer_push(&loop->consumer, value) != 0) return RB_ERR_SYSTEM;
  return signal_consumer(loop->event_fd) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static const struct notify_counter kCounters[] = {{"polls", offsetof(struct notify_loop, polls)}};

NOTIFY_CONSUMER_OPS(RB_TEMPLATE_IDENT_notify_ops, struct notify_loop, kPluginOptions, kCounters,
                    setup, consume, wake, interrupt, teardown, post);
