#include "ring.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "error_message.h"
#include "kernel_release.h"

enum {
  /* The kernel's IORING_MAX_ENTRIES and IORING_MAX_CQ_ENTRIES. */
  kMaxSqEntries = 32768,
  kMaxCqEntries = 2 * kMaxSqEntries,
  /* How long the SQPOLL thread spins on an empty queue before it sleeps. */
  kSqThreadIdleMs = 1000
};

static uint32_t clamp_entries(uint32_t wanted, uint32_t most) {
  if (wanted < 1) return 1;
  return wanted > most ? most : wanted;
}

static int refuse_setup(int error, const struct uring_options* options, char* err, size_t err_len) {
  if (error == EINVAL && options->defer_taskrun) {
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks IORING_SETUP_DEFER_TASKRUN | "
                        "IORING_SETUP_SINGLE_ISSUER (Linux 6.1; defer_taskrun = on): "
                        "io_uring_setup: %s",
                        kernel_release(), strerror(error));
  }
  if (error == EPERM || error == ENOSYS || error == EACCES) {
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "io_uring is not available here: io_uring_setup%s: %s (sysctl "
                        "kernel.io_uring_disabled, seccomp or a container's policy)",
                        options->sqpoll ? " with IORING_SETUP_SQPOLL (option sqpoll = on)" : "",
                        strerror(error));
  }
  return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_queue_init_params: %s",
                      strerror(error));
}

int uring_ring_open(struct uring_ring* ring, uint32_t sq_entries, uint32_t cq_entries,
                    const struct uring_options* options, char* err, size_t err_len) {
  memset(ring, 0, sizeof *ring);
  struct io_uring_params params;
  memset(&params, 0, sizeof params);
  sq_entries = clamp_entries(sq_entries, kMaxSqEntries);
  params.flags = IORING_SETUP_CQSIZE;
  params.cq_entries =
      clamp_entries(cq_entries > sq_entries ? cq_entries : sq_entries, kMaxCqEntries);
  if (options->sqpoll) {
    params.flags |= IORING_SETUP_SQPOLL;
    params.sq_thread_idle = kSqThreadIdleMs;
  }
  if (options->defer_taskrun)
    params.flags |=
        IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_R_DISABLED;
  const int rc = io_uring_queue_init_params(sq_entries, &ring->ring, &params);
  if (rc < 0) return refuse_setup(-rc, options, err, err_len);
  ring->opened = 1;
  ring->sqpoll = options->sqpoll;
  ring->disabled = options->defer_taskrun;
  ring->registered_ring = options->registered_ring;
  ring->batch = options->batch > 0 ? options->batch : 1;
  if (options->submit == URING_SUBMIT_WAIT) ring->batch = UINT32_MAX;
  if ((params.features & IORING_FEAT_EXT_ARG) == 0) {
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "io_uring lacks IORING_FEAT_EXT_ARG (Linux 5.11): a wait with a "
                        "timeout would need a timeout SQE of its own");
  }
  return RB_OK;
}

int uring_ring_start(struct uring_ring* ring, const char** what) {
  if (ring->disabled) {
    *what = "io_uring_enable_rings (defer_taskrun = on)";
    /* liburing 2.3 declares io_uring_enable_rings but its library does not export it. */
    if (syscall(__NR_io_uring_register, ring->ring.ring_fd, IORING_REGISTER_ENABLE_RINGS, NULL, 0) <
        0)
      return -errno;
    ring->disabled = 0;
  }
  if (ring->registered_ring) {
    *what = "io_uring_register_ring_fd (registered_ring = on)";
    const int rc = io_uring_register_ring_fd(&ring->ring);
    if (rc < 0) return rc;
  }
  return 0;
}

void uring_ring_close(struct uring_ring* ring) {
  if (ring->opened) io_uring_queue_exit(&ring->ring);
  ring->opened = 0;
}

int uring_ring_wait(struct uring_ring* ring, int timeout_ms) {
  if (io_uring_cq_ready(&ring->ring) != 0) return uring_ring_submit(ring);
  struct __kernel_timespec timeout = {.tv_sec = timeout_ms / 1000,
                                      .tv_nsec = (long long)(timeout_ms % 1000) * 1000000};
  struct io_uring_cqe* cqe = NULL;
  const uint32_t queued = ring->queued;
  const int rc = io_uring_submit_and_wait_timeout(&ring->ring, &cqe, 1, &timeout, NULL);
  ring->enter_calls += 1;
  ring->sqes_submitted += queued;
  ring->queued = 0;
  return rc < 0 ? rc : 0;
}

void uring_ring_put_counters(const struct uring_ring* ring, const rb_counter_sink* sink) {
  sink->put(sink->ctx, "sqes_submitted", ring->sqes_submitted);
  sink->put(sink->ctx, "cqes_reaped", ring->cqes_reaped);
  sink->put(sink->ctx, "enter_calls", ring->enter_calls);
}
