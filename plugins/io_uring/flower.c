#include "flower.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"
#include "flower_harness.h"
#include "options.h"
#include "probe.h"
#include "ring.h"

enum {
  /* A read takes what a pipe holds, up to this: a multishot poll may report two bytes that
   * arrived close together in one completion, and reading one would strand the other. */
  kTakeBytes = 16,
  /* Submission queue entries beyond which the queue is flushed early instead of grown. */
  kMaxSqEntries = 4096,
  /* A lost byte would block the wait forever; a finite wait lets the host's stop through. */
  kWaitTimeoutMs = 1000
};

struct uring_flower {
  struct flower_game game; /* first: the harness's view of this state */
  struct uring_ring ring;
  struct uring_options options;
  uint32_t watched;       /* read ends whose first SQE was queued; kept until release */
  unsigned char* buffers; /* mode = read: kTakeBytes per pipe, where its completions land */
  unsigned char scratch[kTakeBytes];
  uint64_t empty_polls; /* poll completions whose read found nothing: a byte taken already */
};

static void teardown(struct flower_game* game) {
  struct uring_flower* flower = (struct uring_flower*)game;
  uring_ring_close(&flower->ring);
  free(flower->buffers);
}

static int probe_options(struct uring_flower* flower, char* err, size_t err_len) {
  const struct uring_options* options = &flower->options;
  if (options->mode == URING_MODE_READ && options->multishot && options->multishot_given) {
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "multishot = on with mode = read: a multishot read "
                        "(IORING_OP_READ_MULTISHOT, Linux 6.7) is not in liburing %s",
                        RB_LIBURING_VERSION);
  }
  struct uring_need needs[2];
  size_t count = 0;
  if (options->mode == URING_MODE_POLL) {
    uring_poll_needs(options->multishot, needs, &count);
  } else {
    needs[count++] = (struct uring_need){IORING_OP_READ, 0, 0, "IORING_OP_READ (mode = read)"};
  }
  return uring_probe_needs(&flower->ring, needs, count, err, err_len);
}

static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct uring_flower* flower = (struct uring_flower*)game;
  game->arm_policy = FLOWER_ARM_KEEPS; /* each pipe watched once, the watch kept */
  uring_options_from(values, &flower->options);
  const uint32_t pipes = game->potato.pipes;
  uint32_t sq_entries = pipes < kMaxSqEntries ? pipes : kMaxSqEntries;
  if (sq_entries < flower->options.batch) sq_entries = flower->options.batch;
  /* At most one completion per byte in flight and one per watch is outstanding. */
  int rc = uring_ring_open(&flower->ring, sq_entries, 2 * pipes, &flower->options, err, err_len);
  if (rc == RB_OK) rc = probe_options(flower, err, err_len);
  if (rc != RB_OK) return rc;
  if (flower->options.mode == URING_MODE_READ) {
    flower->buffers = malloc((size_t)pipes * kTakeBytes);
    if (flower->buffers == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u read buffers", pipes);
  }
  if (flower->options.fixed_files) {
    rc = io_uring_register_files(&flower->ring.ring, game->potato.read_fds, pipes);
    if (rc < 0)
      return report_error(RB_ERR_SYSTEM, err, err_len,
                          "io_uring_register_files of %u read ends (fixed_files = on): %s", pipes,
                          strerror(-rc));
  }
  return RB_OK;
}

/* Queues pipe idx's next SQE: a poll or a read of its read end. 0, or -errno. */
static inline int watch(struct uring_flower* flower, uint32_t idx) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&flower->ring);
  if (sqe == NULL) return -EBUSY;
  const int fixed = flower->options.fixed_files;
  const int fd = fixed ? (int)idx : flower->game.potato.read_fds[idx];
  if (flower->options.mode == URING_MODE_READ) {
    io_uring_prep_read(sqe, fd, flower->buffers + (size_t)idx * kTakeBytes, kTakeBytes,
                       (uint64_t)-1);
  } else if (flower->options.multishot) {
    io_uring_prep_poll_multishot(sqe, fd, POLLIN);
  } else {
    io_uring_prep_poll_add(sqe, fd, POLLIN);
  }
  if (fixed) sqe->flags |= IOSQE_FIXED_FILE;
  io_uring_sqe_set_data64(sqe, idx);
  return uring_ring_queue(&flower->ring);
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  struct uring_flower* flower = (struct uring_flower*)game;
  struct uring_ring* ring = &flower->ring;
  ring->sqes_submitted = ring->cqes_reaped = ring->enter_calls = 0;
  flower->empty_polls = 0;
  /* Resumes where a failed arm stopped, so a retry never watches a pipe twice. */
  for (; flower->watched < game->potato.pipes; ++flower->watched) {
    const int rc = watch(flower, flower->watched);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "queueing the SQE of pipe %u: %s",
                          flower->watched, strerror(-rc));
  }
  const int rc = uring_ring_submit(ring);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_submit: %s", strerror(-rc));
  return RB_OK;
}

/* n bytes taken from pipe idx: each passes one on while the budget lasts. */
static inline void took(struct hot_potato* potato, uint32_t idx, uint64_t n) {
  potato->count += n;
  for (uint64_t i = 0; i < n; ++i) hot_potato_pass(potato, idx);
}

static inline void on_poll(struct uring_flower* flower, uint32_t idx,
                           const struct io_uring_cqe* cqe) {
  struct hot_potato* potato = &flower->game.potato;
  if (cqe->res < 0) {
    hot_potato_fail(potato, "poll", idx, strerror(-cqe->res));
    return;
  }
  const ssize_t n = read(potato->read_fds[idx], flower->scratch, kTakeBytes);
  if (n > 0) {
    took(potato, idx, (uint64_t)n);
  } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
    flower->empty_polls += 1;
  } else {
    hot_potato_fail(potato, "read", idx, n == 0 ? "end of file" : strerror(errno));
    return;
  }
  /* A multishot poll the kernel ended (no IORING_CQE_F_MORE) is posted again. */
  if (!(cqe->flags & IORING_CQE_F_MORE) && watch(flower, idx) != 0)
    hot_potato_fail(potato, "poll", idx, "no SQE to re-arm it");
}

static inline void on_read(struct uring_flower* flower, uint32_t idx,
                           const struct io_uring_cqe* cqe) {
  struct hot_potato* potato = &flower->game.potato;
  if (cqe->res > 0) {
    took(potato, idx, (uint64_t)cqe->res);
  } else if (cqe->res != -EAGAIN && cqe->res != -EINTR) {
    hot_potato_fail(potato, "read", idx, cqe->res == 0 ? "end of file" : strerror(-cqe->res));
    return;
  }
  if (watch(flower, idx) != 0) hot_potato_fail(potato, "read", idx, "no SQE to read again");
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  struct uring_flower* flower = (struct uring_flower*)game;
  struct io_uring* ring = &flower->ring.ring;
  const int read_mode = flower->options.mode == URING_MODE_READ;
  while (!hot_potato_done(&game->potato)) {
    const uint64_t reads_before = game->potato.count;
    const int rc = uring_ring_wait(&flower->ring, kWaitTimeoutMs);
    game->loop_iterations += 1;
    if (rc < 0 && rc != -ETIME && rc != -EINTR)
      return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_submit_and_wait_timeout: %s",
                          strerror(-rc));
    unsigned head, seen = 0;
    struct io_uring_cqe* cqe;
    io_uring_for_each_cqe(ring, head, cqe) {
      const uint32_t idx = (uint32_t)io_uring_cqe_get_data64(cqe);
      if (read_mode) {
        on_read(flower, idx, cqe);
      } else {
        on_poll(flower, idx, cqe);
      }
      ++seen;
    }
    uring_ring_reaped(&flower->ring, seen);
    if (flower_game_stop_asked(game, reads_before)) break;
  }
  return RB_OK;
}

static void put_more(const struct flower_game* game, const rb_counter_sink* sink) {
  const struct uring_flower* flower = (const struct uring_flower*)game;
  uring_ring_put_counters(&flower->ring, sink);
  sink->put(sink->ctx, "empty_polls", flower->empty_polls);
}

FLOWER_GAME_OPS_COUNTING(io_uring_flower_ops, struct uring_flower, kIoUringOptions, setup, arm,
                         dispatch, teardown, put_more);
