#ifndef IO_URING_URING_SERVER_H
#define IO_URING_URING_SERVER_H

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "buffer_ring.h"
#include "error_message.h"
#include "held_input.h"
#include "options.h"
#include "out_buffer.h"
#include "output_high_water.h"
#include "ring.h"
#include "server_shell.h"

/* What the pingpong and rr servers on io_uring share. Every loop has a ring of its own on its
 * own thread and takes connections itself: each posts an accept on the host's listener
 * (multishot, or one per connection) and a poll on stop_fd, so no thread hands sockets over.
 * Out of descriptors, the common acceptor (server_acceptor.h) takes and refuses as in the
 * epoll servers, and the accept is posted again once a connection is pending.
 * A connection's input arrives as the options say: mode = poll, a POLL_ADD (multishot or
 * re-armed) and then read(2) into the loop's buffer; mode = read, a RECV into the connection's
 * buffer, or with provided_buffers = on into one the kernel picks from the loop's buffer ring
 * (multishot = on: one RECV for many completions). Output is send(2) at once (out_buffer);
 * what the socket does not take waits for a POLLOUT poll. A protocol (echo, HTTP) says what
 * the data means. */

enum {
  kUringLoopBufferSize = 64 * 1024, /* mode = poll: every read lands here */
  kUringConnBufferSize = 16 * 1024, /* mode = read, no provided buffers: each connection's */
  kUringRingBuffers = 256,          /* provided_buffers = on: per loop, of kUringConnBufferSize */
  kUringServerWaitMs = 1000         /* a loop looks at `abandoned` this often when idle */
};

/* What a completion belongs to: a connection's pointer with the operation in its low bits, or
 * one of the loop's own tags (below any pointer). */
enum uring_op { kOpRead = 1, kOpWrite = 2 };
enum uring_tag {
  kTagIgnore = 0,
  kTagAccept = 8,
  kTagStop = 16,
  kTagListenerReady = 24, /* out of descriptors: a connection is pending again */
  kTagLowest = 4096
};

struct uring_conn {
  int fd;
  uint32_t inflight; /* operations whose last completion has not come */
  int reading;       /* a poll or recv for input is posted */
  int writing;       /* a POLLOUT poll is posted */
  int closing;       /* reads no more; closes once its output is out (rr) */
  int dead;          /* shut down; freed once nothing is in flight */
  int skipped;       /* mode = poll: readiness passed over above the high-water mark */
  int cancelling;    /* a multishot recv is being cancelled above the high-water mark */
  struct out_buffer out;
  struct held_input held; /* rr: read, unanswered while the output is above the high-water mark */
  char* buffer;           /* mode = read without provided buffers */
  struct uring_conn* prev;
  struct uring_conn* next;
};

struct uring_server;

struct uring_loop {
  struct uring_server* server;
  struct uring_ring ring;
  struct buffer_ring buffers; /* provided_buffers = on */
  char* buffer;               /* mode = poll */
  struct uring_conn* conns;
  struct server_counts counts;
  uint64_t accepted;
  uint64_t iterations;
  uint64_t buffers_exhausted; /* recvs that found the buffer ring empty (ENOBUFS) */
  const rb_http_responses* responses;
  int failed;
  char error[200];
};

struct uring_protocol {
  int rr;           /* reads the rr server's options */
  size_t conn_size; /* of the protocol's connection struct, which begins with a uring_conn */
  void (*init_conn)(struct uring_conn* conn);
  /* Runs a loop until it stops: uring_loop_run with the protocol's handlers. */
  int (*run)(struct uring_loop* loop, char* err, size_t err_len);
};

struct uring_server {
  struct server_tally tally; /* first: server_tally_count reads it */
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  struct uring_options options;
  struct uring_loop* loops;
  struct uring_protocol protocol;
  pthread_mutex_t refuse_lock; /* the acceptor's spare fd, shared by the loops */
  atomic_int abandoned;        /* a loop thread could not start: the others give up */
};

SERVER_CORE_DECLARE(uring_server);

/* A connection's next step once input was handled or output drained: post what it waits for
 * (input while not closing and under the high-water mark, POLLOUT while output waits), or
 * close it. */
void uring_conn_settle(struct uring_loop* loop, struct uring_conn* conn);
void uring_conn_close(struct uring_loop* loop, struct uring_conn* conn);

/* The loop's handling of the listener's and stop_fd's completions; 1 once the loop should
 * stop, -1 when accepting failed (the reason in the loop's error). */
int uring_loop_control(struct uring_loop* loop, uint64_t tag, const struct io_uring_cqe* cqe);

/* Reads what a readiness completion announced into the loop's buffer: the byte count; 0 when
 * nothing is there; -1 at the end of the stream or on an error. */
static inline ssize_t uring_conn_read(struct uring_loop* loop, struct uring_conn* conn) {
  const ssize_t n = read(conn->fd, loop->buffer, kUringLoopBufferSize);
  if (n > 0) return n;
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  return -1;
}

/* A protocol's handler of n bytes read (data: the loop's, the connection's or a provided
 * buffer, valid only during the call): 0, or -1 once it closed the connection. */
typedef int (*uring_on_data)(struct uring_loop* loop, struct uring_conn* conn, const char* data,
                             size_t n);
/* A protocol's handler of output drained (rr answers what it held back): 0, or -1 once it
 * closed the connection. */
typedef int (*uring_on_drained)(struct uring_loop* loop, struct uring_conn* conn);

/* mode = poll: reads what is there and hands it to the protocol, a buffer at a time until the
 * socket is empty (a multishot poll reports new data only, not data left behind) or the output
 * goes above the high-water mark (then `skipped` says input waits). 0, 1 once the protocol
 * closed the connection, or -1 when it is to close (end of stream, error). */
static inline __attribute__((always_inline)) int uring_conn_read_ready(struct uring_loop* loop,
                                                                       struct uring_conn* conn,
                                                                       uring_on_data on_data) {
  for (;;) {
    if (conn->closing || rb_output_above_high_water(conn->out.length)) {
      conn->skipped = 1;
      return 0;
    }
    const ssize_t n = uring_conn_read(loop, conn);
    if (n <= 0) return (int)n;
    if (on_data(loop, conn, loop->buffer, (size_t)n) != 0) return 1;
    if ((size_t)n < kUringLoopBufferSize) return 0;
  }
}

/* A completion of a connection's input operation. */
static inline __attribute__((always_inline)) void uring_on_input(struct uring_loop* loop,
                                                                 struct uring_conn* conn,
                                                                 const struct io_uring_cqe* cqe,
                                                                 uring_on_data on_data) {
  const struct uring_options* options = &loop->server->options;
  const int provided = options->provided_buffers && options->mode == URING_MODE_READ;
  int rc = 0; /* 1: the protocol closed it; -1: to close */
  if (options->mode == URING_MODE_POLL) {
    if (cqe->res < 0) {
      rc = -1;
    } else {
      rc = uring_conn_read_ready(loop, conn, on_data);
    }
  } else if (cqe->res > 0) {
    const char* data = provided ? buffer_ring_data(&loop->buffers, cqe->flags) : conn->buffer;
    rc = on_data(loop, conn, data, (size_t)cqe->res) != 0 ? 1 : 0;
  } else if (cqe->res == -ENOBUFS) {
    loop->buffers_exhausted += 1; /* posted again below, after this batch gave buffers back */
  } else if (cqe->res != -EAGAIN && cqe->res != -EINTR && cqe->res != -ECANCELED) {
    rc = -1; /* 0: the end of the stream */
  }
  if (provided && (cqe->flags & IORING_CQE_F_BUFFER))
    buffer_ring_recycle(&loop->buffers, cqe->flags);
  if (rc < 0) uring_conn_close(loop, conn);
  if (rc == 0) uring_conn_settle(loop, conn);
}

/* A completion of a connection's POLLOUT poll: sends what waits, then lets the protocol go on. */
static inline __attribute__((always_inline)) void uring_on_writable(struct uring_loop* loop,
                                                                    struct uring_conn* conn,
                                                                    uring_on_data on_data,
                                                                    uring_on_drained on_drained) {
  const int flushed = out_buffer_flush(conn->fd, &conn->out, &loop->counts.bytes_written);
  if (flushed < 0) {
    uring_conn_close(loop, conn);
    return;
  }
  if (flushed == 1 && on_drained != NULL && on_drained(loop, conn) != 0) return;
  /* A multishot poll reports new data only: what it announced while reading was held back is
   * read now. */
  if (conn->skipped) {
    conn->skipped = 0;
    const int rc = uring_conn_read_ready(loop, conn, on_data);
    if (rc > 0) return;
    if (rc < 0) {
      uring_conn_close(loop, conn);
      return;
    }
  }
  uring_conn_settle(loop, conn);
}

/* Runs `loop` until stop_fd is readable or it fails, handing every connection's completions to
 * the protocol's handlers. Always inlined, so that the handlers, constants in every caller,
 * are direct calls: this is the loop every message goes through. */
static inline __attribute__((always_inline)) int uring_loop_run(struct uring_loop* loop,
                                                                uring_on_data on_data,
                                                                uring_on_drained on_drained,
                                                                char* err, size_t err_len) {
  struct io_uring* ring = &loop->ring.ring;
  for (;;) {
    const int rc = uring_ring_wait(&loop->ring, kUringServerWaitMs);
    ++loop->iterations;
    if (rc < 0 && rc != -ETIME && rc != -EINTR)
      return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_submit_and_wait_timeout: %s",
                          strerror(-rc));
    if (rc == -ETIME && atomic_load(&loop->server->abandoned)) return RB_OK;
    unsigned head, seen = 0;
    int stop = 0;
    struct io_uring_cqe* cqe;
    io_uring_for_each_cqe(ring, head, cqe) {
      ++seen;
      const uint64_t data = io_uring_cqe_get_data64(cqe);
      if (data < kTagLowest) {
        stop = stop || uring_loop_control(loop, data, cqe) != 0;
        continue;
      }
      struct uring_conn* conn = (struct uring_conn*)(uintptr_t)(data & ~(uint64_t)7);
      const int op = (int)(data & 7);
      const int last = !(cqe->flags & IORING_CQE_F_MORE);
      if (last) {
        conn->inflight -= 1;
        if (op == kOpRead) conn->reading = 0;
        if (op == kOpWrite) conn->writing = 0;
      }
      if (conn->dead) {
        if (conn->inflight == 0) uring_conn_close(loop, conn);
        if (op == kOpRead && loop->server->options.provided_buffers &&
            (cqe->flags & IORING_CQE_F_BUFFER))
          buffer_ring_recycle(&loop->buffers, cqe->flags);
      } else if (op == kOpRead) {
        uring_on_input(loop, conn, cqe, on_data);
      } else {
        uring_on_writable(loop, conn, on_data, on_drained);
      }
    }
    uring_ring_reaped(&loop->ring, seen);
    if (stop)
      return loop->failed ? report_error(RB_ERR_SYSTEM, err, err_len, "%s", loop->error) : RB_OK;
  }
}

#endif
