#ifndef IO_URING_RING_H
#define IO_URING_RING_H

#include <liburing.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"

/* One io_uring and what it counts: every workload submits and waits through these functions,
 * so the counters mean the same everywhere.
 *
 * enter_calls counts the io_uring_enter(2) calls liburing makes for us. Without SQPOLL a submit
 * of queued SQEs enters once, and so does a wait (made only while no completion is ready, with
 * IORING_FEAT_EXT_ARG carrying the timeout, so liburing enters once per wait). With SQPOLL a
 * submit enters only to wake the kernel's submission thread when it sleeps
 * (IORING_SQ_NEED_WAKEUP); a wait still enters. */
struct uring_ring {
  struct io_uring ring;
  int opened;
  int sqpoll;
  int disabled;        /* defer_taskrun: created disabled; its loop thread enables it */
  int registered_ring; /* the ring's fd is to be registered by its loop thread */
  uint32_t batch;      /* queued SQEs that make a submit between waits */
  uint32_t queued;     /* SQEs prepared since the last submit */
  uint64_t sqes_submitted;
  uint64_t cqes_reaped;
  uint64_t enter_calls;
};

/* A ring of sq_entries SQEs and at least cq_entries CQEs (both clamped to the kernel's
 * limits), SQPOLL if the options ask, submitting every options->batch SQEs (submit = wait:
 * only when the queue is full, else with the wait). With defer_taskrun the ring is created
 * disabled (IORING_SETUP_R_DISABLED): SINGLE_ISSUER makes the thread that enables it the only
 * one that may submit, and that is the loop's (uring_ring_start). RB_OK;
 * RB_ERR_UNSUPPORTED when io_uring is disabled here (sysctl kernel.io_uring_disabled, seccomp,
 * a container), SQPOLL is not allowed, or the kernel lacks IORING_FEAT_EXT_ARG (Linux 5.11);
 * RB_ERR_SYSTEM otherwise. uring_ring_close is safe either way. */
int uring_ring_open(struct uring_ring* ring, uint32_t sq_entries, uint32_t cq_entries,
                    const struct uring_options* options, char* err, size_t err_len);
void uring_ring_close(struct uring_ring* ring);

/* On the loop's own thread, before its first submit: enables a defer_taskrun ring and
 * registers the ring's fd with this thread (registered_ring; the registration is the
 * thread's). 0, or -errno naming nothing: the caller says what failed. */
int uring_ring_start(struct uring_ring* ring, const char** what);

/* Hands the queued SQEs to the kernel: 0, or -errno from io_uring_submit. */
static inline int uring_ring_submit(struct uring_ring* ring) {
  if (ring->queued == 0 || ring->disabled) return 0;
  const int enters =
      !ring->sqpoll || (IO_URING_READ_ONCE(*ring->ring.sq.kflags) & IORING_SQ_NEED_WAKEUP) != 0;
  const int rc = io_uring_submit(&ring->ring);
  ring->enter_calls += (uint64_t)enters;
  if (rc < 0) return rc;
  ring->sqes_submitted += ring->queued;
  ring->queued = 0;
  return 0;
}

/* A free SQE, submitting the queued ones first when the submission queue is full (and with
 * SQPOLL waiting for the kernel's thread to make room); NULL only if that submit fails. The
 * caller prepares it, then calls uring_ring_queue. */
static inline struct io_uring_sqe* uring_ring_sqe(struct uring_ring* ring) {
  struct io_uring_sqe* sqe = io_uring_get_sqe(&ring->ring);
  while (sqe == NULL) {
    if (ring->disabled || uring_ring_submit(ring) != 0) return NULL;
    if (ring->sqpoll) io_uring_sqring_wait(&ring->ring);
    sqe = io_uring_get_sqe(&ring->ring);
  }
  return sqe;
}

/* Counts the SQE just prepared; submits once `batch` are queued. 0, or -errno. */
static inline int uring_ring_queue(struct uring_ring* ring) {
  if (++ring->queued < ring->batch) return 0;
  return uring_ring_submit(ring);
}

/* Submits what is queued and, when no completion is ready, waits up to timeout_ms for one.
 * 0 (completions may be ready), or -errno (-ETIME: none came; -EINTR). */
int uring_ring_wait(struct uring_ring* ring, int timeout_ms);

/* Marks n completions seen (after io_uring_for_each_cqe). */
static inline void uring_ring_reaped(struct uring_ring* ring, unsigned n) {
  io_uring_cq_advance(&ring->ring, n);
  ring->cqes_reaped += n;
}

/* sqes_submitted, cqes_reaped and enter_calls. */
void uring_ring_put_counters(const struct uring_ring* ring, const rb_counter_sink* sink);

#endif
