#include "notify.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "error_message.h"
#include "notify_consumer.h"
#include "options.h"
#include "probe.h"
#include "ring.h"

enum {
  kWakeTag = 1,
  /* Every post may leave a completion before the consumer takes the queue: room for many. */
  kConsumerCqEntries = 32768
};

struct uring_notify {
  struct notify_consumer consumer; /* first: the harness's view of this state */
  struct uring_ring ring;          /* the consumer thread's */
  enum uring_wake wake;
  int event_fd;         /* wake = eventfd */
  uint64_t event_value; /* where the ring's READ of the eventfd lands */
  /* wake = msg_ring: the producers' ring, one at a time (a ring's submission queue has a single
   * producer). */
  struct io_uring sender;
  int sender_open;
  pthread_mutex_t sender_lock;
  int sender_lock_ready;
  uint64_t msg_rings_sent; /* wake = msg_ring: guarded by sender_lock */

  /* The consumer thread's own. */
  uint64_t polls;
};

/* The consumer's ring keeps a READ of the eventfd posted. */
static int post_eventfd_read(struct uring_notify* notify) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&notify->ring);
  if (sqe == NULL) return -EBUSY;
  io_uring_prep_read(sqe, notify->event_fd, &notify->event_value, sizeof notify->event_value, 0);
  io_uring_sqe_set_data64(sqe, kWakeTag);
  return uring_ring_queue(&notify->ring);
}

/* A producer's (or finish's) wake-up: 0, or -errno. */
static int send_wake(struct uring_notify* notify) {
  if (notify->wake == URING_WAKE_EVENTFD) {
    const uint64_t one = 1;
    ssize_t n;
    do {
      n = write(notify->event_fd, &one, sizeof one);
    } while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof one ? 0 : -errno;
  }
  pthread_mutex_lock(&notify->sender_lock);
  int rc = -EBUSY;
  struct io_uring_sqe* sqe = io_uring_get_sqe(&notify->sender);
  if (sqe != NULL) {
    io_uring_prep_msg_ring(sqe, notify->ring.ring.ring_fd, 0, kWakeTag, 0);
    rc = io_uring_submit_and_wait(&notify->sender, 1);
    struct io_uring_cqe* cqe = NULL;
    if (rc >= 0 && io_uring_peek_cqe(&notify->sender, &cqe) == 0) {
      rc = cqe->res < 0 ? cqe->res : 0;
      io_uring_cqe_seen(&notify->sender, cqe);
    }
    notify->msg_rings_sent += rc == 0;
  }
  pthread_mutex_unlock(&notify->sender_lock);
  return rc < 0 ? rc : 0;
}

static void* consume(void* arg) {
  struct uring_notify* notify = arg;
  struct notify_consumer* consumer = &notify->consumer;
  struct io_uring* ring = &notify->ring.ring;
  for (;;) {
    const int rc = uring_ring_wait(&notify->ring, kNotifyStopCheckMs);
    notify->polls += 1;
    if (atomic_load(&consumer->abort_requested)) return NULL;
    if (rc < 0 && rc != -ETIME && rc != -EINTR) {
      notify_consumer_fail(consumer, "io_uring_submit_and_wait_timeout failed", -rc);
      return NULL;
    }
    unsigned head, seen = 0;
    int woken = 0;
    struct io_uring_cqe* cqe;
    io_uring_for_each_cqe(ring, head, cqe) {
      ++seen;
      if (cqe->res < 0) {
        notify_consumer_fail(consumer, "the wake-up's completion failed", -cqe->res);
        return NULL;
      }
      woken = 1;
      if (notify->wake == URING_WAKE_EVENTFD && post_eventfd_read(notify) != 0) {
        notify_consumer_fail(consumer, "posting the eventfd read failed", EBUSY);
        return NULL;
      }
    }
    uring_ring_reaped(&notify->ring, seen);
    if (!woken) {
      if (notify_consumer_should_stop(consumer)) return NULL;
      continue;
    }
    int closing = 0;
    notify_consumer_take_all(consumer, &closing);
    if (closing) return NULL;
  }
}

static int open_wake(struct uring_notify* notify, char* err, size_t err_len) {
  if (notify->wake == URING_WAKE_EVENTFD) {
    notify->event_fd = eventfd(0, EFD_CLOEXEC);
    if (notify->event_fd < 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd: %s", strerror(errno));
    if (post_eventfd_read(notify) != 0 || uring_ring_submit(&notify->ring) != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "posting the eventfd read");
    return RB_OK;
  }
  const int rc = io_uring_queue_init(8, &notify->sender, 0);
  if (rc < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "the producers' io_uring_queue_init: %s",
                        strerror(-rc));
  notify->sender_open = 1;
  return RB_OK;
}

static int setup(struct notify_consumer* consumer, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct uring_notify* notify = (struct uring_notify*)consumer;
  notify->event_fd = -1;
  struct uring_options options;
  uring_options_from(values, &options);
  notify->wake = options.wake;
  pthread_mutex_init(&notify->sender_lock, NULL);
  notify->sender_lock_ready = 1;
  int rc = uring_ring_open(&notify->ring, 8, kConsumerCqEntries, &options, err, err_len);
  if (rc != RB_OK) return rc;
  const struct uring_need need =
      notify->wake == URING_WAKE_MSG_RING
          ? (struct uring_need){IORING_OP_MSG_RING, 0, 0,
                                "IORING_OP_MSG_RING (wake = msg_ring; wake = eventfd works "
                                "without it)"}
          : (struct uring_need){IORING_OP_READ, 0, 0, "IORING_OP_READ (wake = eventfd)"};
  rc = uring_probe_needs(&notify->ring, &need, 1, err, err_len);
  return rc == RB_OK ? open_wake(notify, err, err_len) : rc;
}

static int wake(struct notify_consumer* consumer, char* err, size_t err_len) {
  const int rc = send_wake((struct uring_notify*)consumer);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "waking the consumer: %s", strerror(-rc));
  return RB_OK;
}

static void interrupt(struct notify_consumer* consumer) {
  (void)send_wake((struct uring_notify*)consumer);
}

static void teardown(struct notify_consumer* consumer) {
  struct uring_notify* notify = (struct uring_notify*)consumer;
  uring_ring_close(&notify->ring);
  if (notify->sender_open) io_uring_queue_exit(&notify->sender);
  if (notify->event_fd >= 0) close(notify->event_fd);
  if (notify->sender_lock_ready) pthread_mutex_destroy(&notify->sender_lock);
}

static int notify_post(void* state, uint64_t value) {
  struct uring_notify* notify = state;
  if (notify_consumer_push(&notify->consumer, value) != 0) return RB_ERR_SYSTEM;
  return send_wake(notify) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static const struct notify_counter kCounters[] = {
    {"polls", offsetof(struct uring_notify, polls)},
    {"msg_rings_sent", offsetof(struct uring_notify, msg_rings_sent)},
    {"sqes_submitted", offsetof(struct uring_notify, ring.sqes_submitted)},
    {"cqes_reaped", offsetof(struct uring_notify, ring.cqes_reaped)},
    {"enter_calls", offsetof(struct uring_notify, ring.enter_calls)}};

NOTIFY_CONSUMER_OPS(io_uring_notify_ops, struct uring_notify, kIoUringOptions, kCounters, setup,
                    consume, wake, interrupt, teardown, notify_post);
