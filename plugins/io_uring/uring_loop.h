#ifndef IO_URING_URING_LOOP_H
#define IO_URING_URING_LOOP_H

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "buffer_ring.h"
#include "error_message.h"
#include "options.h"
#include "out_buffer.h"
#include "output_high_water.h"
#include "probe.h"
#include "ring.h"

/* What every io_uring loop with TCP connections shares, the pingpong and rr servers' and the
 * pingpong client's: a ring of its own on one thread and the connections it serves. A
 * connection's input arrives as the options say: mode = poll, a POLL_ADD (multishot or
 * re-armed) and then read(2) into the loop's buffer; mode = read, a RECV into the connection's
 * buffer, or with provided_buffers = on into one the kernel picks from the loop's buffer ring
 * (multishot = on: one RECV for many completions). Output is send(2) at once (out_buffer);
 * what the socket does not take waits for a POLLOUT poll. The owner (server, client) gives
 * the handlers that say what the data means and what a connection's end counts as. */

enum {
  kUringLoopBufferSize = 64 * 1024, /* mode = poll: every read lands here */
  kUringConnBufferSize = 16 * 1024, /* mode = read, no provided buffers: each connection's */
  kUringRingBuffers = 256,          /* provided_buffers = on: per loop at first, of
                                       kUringConnBufferSize; grows with the connections */
  kUringDemandRingBuffers = 16,     /* ring_size = demand: at first; doubled when it runs dry */
  kUringMostFixedFiles = 65536,     /* fixed_files = on: slots per loop, at most RLIMIT_NOFILE */
  kUringWaitMs = 1000               /* an idle loop looks at its owner's flags this often */
};

/* What a completion belongs to: a connection's pointer with the operation in its low bits, or
 * one of the owners' own tags (below any pointer). */
enum uring_op { kOpRead = 1, kOpWrite = 2, kOpSendZc = 3 };

/* The peer's end of stream in a poll mask: POLLRDHUP, which <poll.h> declares only under
 * _GNU_SOURCE; epoll's is the same bit. */
enum { kUringPollPeerEnd = EPOLLRDHUP };
enum uring_tag {
  kTagIgnore = 0, /* a cancel's own completion */
  kTagAccept = 8,
  kTagStop = 16,
  kTagListenerReady = 24, /* out of descriptors: a connection is pending again */
  kTagDeadline = 32,      /* the client's timeout at the end of its run */
  kTagLowest = 4096
};

/* send_zc = on: bytes owned by a connection's zero-copy output. */
struct uring_zc_bytes {
  char* data;
  size_t length;
  size_t capacity;
};

/* send_zc = on: a connection's zero-copy output. `sending` stays untouched from its SEND_ZC
 * until the kernel's last notification (IORING_CQE_F_NOTIF) says it no longer reads it; what is
 * sent meanwhile waits in `queued`, so one zero-copy send is in flight at a time and the stream
 * keeps its order. */
struct uring_zc {
  struct uring_zc_bytes sending;
  size_t sent; /* of sending, by the completions so far */
  struct uring_zc_bytes queued;
  uint32_t results_due; /* SEND_ZCs whose result has not come */
  uint32_t notifs_due;  /* results that announced a notification still to come */
};

struct uring_conn {
  int fd;
  int file;          /* what its SQEs name: fd, or its slot in the registered files */
  uint8_t sqe_flags; /* IOSQE_FIXED_FILE when `file` is a slot */
  uint32_t inflight; /* operations whose last completion has not come */
  int reading;       /* a poll or recv for input is posted */
  int writing;       /* a POLLOUT poll is posted (also while a client connects) */
  int closing;       /* reads no more; closes once its output is out (rr) */
  int dead;          /* shut down; released once nothing is in flight */
  int skipped;       /* mode = poll: readiness passed over above the high-water mark */
  int cancelling;    /* a multishot recv is being cancelled above the high-water mark */
  int recv_posted;   /* a multishot recv was posted before: the next one is a re-post */
  struct out_buffer out;
  struct uring_zc zc;
  char* buffer; /* mode = read without provided buffers: the owner's, kUringConnBufferSize */
};

/* fixed_files = on: the loop's table of registered files, a slot per connection. */
struct uring_files {
  uint32_t* free; /* the free slots, a stack */
  uint32_t free_count;
  uint64_t registered; /* connections served through a slot */
};

struct uring_loop {
  struct uring_ring ring;
  struct uring_options options;
  struct buffer_ring buffers; /* provided_buffers = on */
  char* buffer;               /* mode = poll */
  struct uring_files files;   /* fixed_files = on */
  uint64_t* bytes_written;    /* the owner's count, which flushes add to */
  uint64_t iterations;
  uint64_t buffers_exhausted;     /* recvs that found the buffer ring empty (ENOBUFS) */
  uint64_t recv_completions;      /* input completions that brought data */
  uint64_t recv_reposts;          /* multishot recvs posted again after one ended */
  uint64_t most_cqes_in_pass;     /* the most completions one uring_loop_reap handled */
  uint32_t ring_made_at_pass;     /* buffers.made when this reap pass began */
  uint32_t ring_dry_in_pass;      /* recvs of this pass that found the ring empty */
  uint64_t bundle_misorders;      /* bundles whose buffers the ring could not follow */
  uint64_t cq_overflows;          /* passes that ended with completions overflowed the queue */
  uint64_t send_zc_sends;         /* SEND_ZCs posted */
  uint64_t send_zc_notifications; /* their notifications: the kernel done with the buffer */
  uint64_t send_zc_fallbacks;     /* send_zc = on, sends below kUringSendZcMin: send(2) */
  uint32_t connections;           /* adopted and not yet disowned */
  /* Frees a connection (its fd, its memory) once it is dead and nothing of it is in flight. */
  void (*release)(struct uring_loop* loop, struct uring_conn* conn);
};

/* Opens the loop's ring (sq_entries, cq_entries), refuses what the kernel lacks of `needs`
 * (the owner's own) and of what the options ask of connections' input, and makes the buffers
 * the options ask for (buffer group `group`). RB_OK or the error; uring_loop_close is safe
 * either way. */
int uring_loop_open(struct uring_loop* loop, const struct uring_options* options,
                    uint32_t sq_entries, uint32_t cq_entries, const struct uring_need* needs,
                    size_t need_count, uint16_t group, char* err, size_t err_len);
/* On the loop's own thread, before its first submit: uring_ring_start. RB_OK, or
 * RB_ERR_SYSTEM naming what failed. */
int uring_loop_start(struct uring_loop* loop, char* err, size_t err_len);
/* Closes the ring (ending every operation) and frees the loop's buffers. */
void uring_loop_close(struct uring_loop* loop);

/* Queues a SEND_ZC of what conn->zc.sending holds past `sent`: 0, or -1. */
int uring_conn_post_send_zc(struct uring_loop* loop, struct uring_conn* conn);

/* Makes fd conn's: with fixed_files = on, registered in a free slot of the loop's table (one
 * io_uring_register call per connection), so that its SQEs name the slot; where no slot is free,
 * its SQEs name the fd (fixed_files_registered counts the connections that had a slot). */
void uring_conn_adopt(struct uring_loop* loop, struct uring_conn* conn, int fd);
/* Gives conn's slot back, once nothing of conn is in flight. */
void uring_conn_disown(struct uring_loop* loop, struct uring_conn* conn);

/* A readiness poll on fd (stop_fd, a listener) completing with `tag`: 0, or -1. */
int uring_loop_post_poll(struct uring_loop* loop, int fd, int events, enum uring_tag tag);

/* Queues a POLLOUT poll on conn (a connect completing, output waiting): 0, or -1. */
int uring_conn_post_write_wait(struct uring_loop* loop, struct uring_conn* conn);

/* A connection's next step once input was handled or output drained: post what it waits for
 * (input while not closing and under the high-water mark, POLLOUT while output waits), or
 * close it. */
void uring_conn_settle(struct uring_loop* loop, struct uring_conn* conn);
/* Shuts conn down and cancels what it has posted; released once nothing is in flight. */
void uring_conn_close(struct uring_loop* loop, struct uring_conn* conn);

/* The buffer ring ran dry (a recv ended with ENOBUFS): up to its slots, twice the buffers it
 * had when the reap pass began, or a buffer more for each recv of the pass that found it empty
 * if that is more. */
void uring_loop_ring_ran_dry(struct uring_loop* loop);

/* loop_iterations, sqes_submitted, cqes_reaped, enter_calls, buffer_ring_empty,
 * fixed_files_registered, recv_completions, recv_reposts, buffer_ring_buffers (provided at the
 * end), buffer_ring_grown, bundle_misorders, cq_overflows and the send_zc_* counters summed over
 * `count` loops (each `stride` bytes after the one before), and most_cqes_in_pass, the most of any
 * loop. */
void uring_loops_put_counters(const struct uring_loop* first, size_t stride, uint32_t count,
                              const rb_counter_sink* sink);

/* What an owner does with its connections' completions. The loop functions below are always
 * inlined, and an owner passes a static const uring_handlers, so every handler is a direct
 * call on the path every message takes. */
struct uring_handlers {
  /* A completion with one of the owner's tags: non-zero once the loop should stop. */
  int (*control)(struct uring_loop* loop, uint64_t tag, const struct io_uring_cqe* cqe);
  /* n bytes read (in the loop's, the connection's or a provided buffer, valid only during the
   * call): 0, or -1 once it closed the connection. */
  int (*data)(struct uring_loop* loop, struct uring_conn* conn, const char* data, size_t n);
  /* The output is out (and, for a client, its connect completed): 0, or -1 once it closed the
   * connection. NULL: nothing to do. */
  int (*drained)(struct uring_loop* loop, struct uring_conn* conn);
  /* The connection's stream ended (eof: the peer's end of stream; else a failure): counts it
   * and closes it (uring_conn_close). */
  void (*ended)(struct uring_loop* loop, struct uring_conn* conn, int eof);
};

/* send_zc = on (send_zc.c). Sends of kUringSendZcMin bytes and more go out with
 * IORING_OP_SEND_ZC from a copy the connection owns; smaller ones with send(2) unless output
 * waits ahead of them. The threshold: below it page pinning and the second completion cost
 * more than the copy saves (the kernel's msg_zerocopy.rst: "generally only effective at
 * writes over around 10 KB"); 16 KiB blocks go zero-copy, 4 KiB ones do not. */
enum { kUringSendZcMin = 8 * 1024 };

/* Sends data[0..n) on conn in order behind what waits: send(2) (out_buffer_send), or with
 * send_zc = on as above. *loop->bytes_written grows by what was sent. 0, or -1 on failure. */
int uring_conn_send(struct uring_loop* loop, struct uring_conn* conn, const void* data, size_t n);
/* Starts what waits in conn->zc.queued once nothing is ahead of it: 0, or -1 on failure. */
int uring_zc_kick(struct uring_loop* loop, struct uring_conn* conn);
/* Counts a SEND_ZC completion of conn: its result or its notification. */
void uring_zc_count(struct uring_loop* loop, struct uring_conn* conn,
                    const struct io_uring_cqe* cqe);
/* After uring_zc_count, for a live conn: the rest of a short send, or, once the kernel is done
 * with the buffer, what was queued behind it; the owner's drained once nothing waits. */
void uring_on_send_zc(struct uring_loop* loop, struct uring_conn* conn,
                      const struct io_uring_cqe* cqe, const struct uring_handlers* handlers);
/* Frees conn's output (out_buffer and zero-copy bytes), once nothing of it is in flight. */
void uring_conn_free_output(struct uring_conn* conn);

static inline int uring_zc_busy(const struct uring_zc* zc) {
  return zc->results_due > 0 || zc->notifs_due > 0;
}

/* Bytes conn has still to send, wherever they wait. */
static inline size_t uring_conn_output_length(const struct uring_conn* conn) {
  return conn->out.length + conn->zc.queued.length + (conn->zc.sending.length - conn->zc.sent);
}

static inline int uring_conn_output_pending(const struct uring_conn* conn) {
  return out_buffer_pending(&conn->out) || uring_zc_busy(&conn->zc) || conn->zc.queued.length > 0;
}

/* Reads what a readiness completion announced into the loop's buffer: the byte count; 0 when
 * nothing is there; -1 at the end of the stream; -2 on an error. */
static inline ssize_t uring_conn_read(struct uring_loop* loop, struct uring_conn* conn) {
  const ssize_t n = read(conn->fd, loop->buffer, kUringLoopBufferSize);
  if (n > 0) return n;
  if (n == 0) return -1;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return 0;
  return -2;
}

/* The stream of conn ended with `rc` (-1: end of stream, -2: an error). */
static inline __attribute__((always_inline)) void uring_conn_ended(
    struct uring_loop* loop, struct uring_conn* conn, int rc,
    const struct uring_handlers* handlers) {
  handlers->ended(loop, conn, rc == -1);
}

/* mode = poll: reads what is there and hands it on, a buffer at a time until the socket is
 * empty (a multishot poll reports new data only, not data left behind) or the output goes
 * above the high-water mark (then `skipped` says input waits). A short read ends it unless
 * `to_the_end`: a multishot poll's one completion may announce data and the peer's end of
 * stream together (the wakeups coalesce), and the end must not be left unread. 0, 1 once the
 * handler closed the connection, or uring_conn_read's -1 or -2. */
static inline __attribute__((always_inline)) int uring_conn_read_ready(
    struct uring_loop* loop, struct uring_conn* conn, const struct uring_handlers* handlers,
    int to_the_end) {
  for (;;) {
    if (conn->closing || rb_output_above_high_water(uring_conn_output_length(conn))) {
      conn->skipped = 1;
      return 0;
    }
    const ssize_t n = uring_conn_read(loop, conn);
    if (n <= 0) return (int)n;
    if (handlers->data(loop, conn, loop->buffer, (size_t)n) != 0) return 1;
    if ((size_t)n < kUringLoopBufferSize && !to_the_end) return 0;
  }
}

/* Hands a provided-buffer completion's data to the handler a buffer at a time, each buffer
 * given back once handled (and every one of them, whether or not a handler closed the
 * connection on the way: the ring's count of the kernel's head must follow). `handlers` NULL:
 * the connection is gone, the buffers only go back. 0, 1 once the handler closed the
 * connection, or -2 when a bundle's buffers could not be followed. */
static inline __attribute__((always_inline)) int uring_deliver_provided(
    struct uring_loop* loop, struct uring_conn* conn, const struct io_uring_cqe* cqe,
    const struct uring_handlers* handlers) {
  if (!(cqe->flags & IORING_CQE_F_BUFFER)) return 0;
  struct buffer_take take = buffer_ring_begin(cqe->flags, cqe->res > 0 ? (uint32_t)cqe->res : 0);
  struct buffer_piece piece;
  int rc = 0, next;
  while ((next = buffer_ring_next(&loop->buffers, &take, &piece)) > 0) {
    if (rc == 0 && handlers != NULL && handlers->data(loop, conn, piece.data, piece.length) != 0)
      rc = 1;
    buffer_ring_release(&loop->buffers, &piece);
  }
  if (next < 0) {
    loop->bundle_misorders += 1;
    if (rc == 0) rc = -2;
  }
  return rc;
}

/* A completion of a connection's input operation. */
static inline __attribute__((always_inline)) void uring_on_input(
    struct uring_loop* loop, struct uring_conn* conn, const struct io_uring_cqe* cqe,
    const struct uring_handlers* handlers) {
  const struct uring_options* options = &loop->options;
  const int provided = options->provided_buffers && options->mode == URING_MODE_READ;
  int rc = 0; /* 1: the handler closed it; -1: end of stream; -2: failed */
  if (options->mode == URING_MODE_POLL) {
    const int hangup = (cqe->res & (kUringPollPeerEnd | POLLHUP | POLLERR)) != 0;
    rc = cqe->res < 0 ? -2 : uring_conn_read_ready(loop, conn, handlers, hangup);
  } else if (cqe->res > 0) {
    loop->recv_completions += 1;
    rc = provided ? uring_deliver_provided(loop, conn, cqe, handlers)
                  : (handlers->data(loop, conn, conn->buffer, (size_t)cqe->res) != 0 ? 1 : 0);
  } else if (cqe->res == 0) {
    rc = -1;
  } else if (cqe->res == -ENOBUFS) {
    /* Posted again below, after this batch gave buffers back, with more of them. */
    loop->buffers_exhausted += 1;
    uring_loop_ring_ran_dry(loop);
  } else if (cqe->res != -EAGAIN && cqe->res != -EINTR && cqe->res != -ECANCELED) {
    rc = -2;
  }
  if (provided && cqe->res <= 0 && (cqe->flags & IORING_CQE_F_BUFFER))
    buffer_ring_return_unused(&loop->buffers, cqe->flags);
  if (rc < 0) uring_conn_ended(loop, conn, rc, handlers);
  if (rc == 0) uring_conn_settle(loop, conn);
}

/* Output went out (a POLLOUT flush, a zero-copy send's notification): the owner's drained
 * once nothing waits, input held back above the high-water mark read, the next step posted. */
static inline __attribute__((always_inline)) void uring_conn_output_went(
    struct uring_loop* loop, struct uring_conn* conn, const struct uring_handlers* handlers) {
  if (!uring_conn_output_pending(conn) && handlers->drained != NULL &&
      handlers->drained(loop, conn) != 0)
    return;
  /* A multishot poll reports new data only: what it announced while reading was held back is
   * read now. */
  if (conn->skipped) {
    conn->skipped = 0;
    /* What was announced while skipped is not known: read until the socket is empty. */
    const int rc = uring_conn_read_ready(loop, conn, handlers, 1);
    if (rc > 0) return;
    if (rc < 0) {
      uring_conn_ended(loop, conn, rc, handlers);
      return;
    }
  }
  uring_conn_settle(loop, conn);
}

/* A completion of a connection's POLLOUT poll: sends what waits (then what queued behind it
 * for a zero-copy send), then lets the owner go on. */
static inline __attribute__((always_inline)) void uring_on_writable(
    struct uring_loop* loop, struct uring_conn* conn, const struct uring_handlers* handlers) {
  const int flushed = out_buffer_flush(conn->fd, &conn->out, loop->bytes_written);
  if (flushed < 0 || (flushed == 1 && uring_zc_kick(loop, conn) != 0)) {
    handlers->ended(loop, conn, 0);
    return;
  }
  uring_conn_output_went(loop, conn, handlers);
}

/* Submits what is queued and waits up to kUringWaitMs for a completion. RB_OK (*timed_out
 * says whether none came), or RB_ERR_SYSTEM with the reason. */
static inline int uring_loop_wait(struct uring_loop* loop, int* timed_out, char* err,
                                  size_t err_len) {
  const int rc = uring_ring_wait(&loop->ring, kUringWaitMs);
  ++loop->iterations;
  *timed_out = rc == -ETIME;
  if (rc < 0 && rc != -ETIME && rc != -EINTR)
    return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_submit_and_wait_timeout: %s",
                        strerror(-rc));
  return RB_OK;
}

/* Hands every ready completion to its connection or to the owner's control handler. Non-zero
 * once the control handler said to stop. */
static inline __attribute__((always_inline)) int uring_loop_reap(
    struct uring_loop* loop, const struct uring_handlers* handlers) {
  unsigned head, seen = 0;
  int stop = 0;
  struct io_uring_cqe* cqe;
  /* Only what is ready now: without defer_taskrun the kernel posts completions inside this
   * pass's own send(2)s, and a pass that followed them would keep the head where it was
   * until the completion queue overflowed (multishot recvs end there, posted again). */
  const unsigned ready = io_uring_cq_ready(&loop->ring.ring);
  loop->ring_made_at_pass = loop->buffers.made;
  loop->ring_dry_in_pass = 0;
  io_uring_for_each_cqe(&loop->ring.ring, head, cqe) {
    if (seen == ready) break;
    ++seen;
    const uint64_t data = io_uring_cqe_get_data64(cqe);
    if (data < kTagLowest) {
      if (data != kTagIgnore) stop = stop || handlers->control(loop, data, cqe) != 0;
      continue;
    }
    struct uring_conn* conn = (struct uring_conn*)(uintptr_t)(data & ~(uint64_t)7);
    const int op = (int)(data & 7);
    if (!(cqe->flags & IORING_CQE_F_MORE)) {
      conn->inflight -= 1;
      if (op == kOpRead) conn->reading = 0;
      if (op == kOpWrite) conn->writing = 0;
    }
    if (op == kOpSendZc) uring_zc_count(loop, conn, cqe);
    if (conn->dead) {
      if (op == kOpRead && loop->options.provided_buffers && cqe->res > 0)
        uring_deliver_provided(loop, conn, cqe, NULL);
      if (conn->inflight == 0) uring_conn_close(loop, conn);
    } else if (op == kOpRead) {
      uring_on_input(loop, conn, cqe, handlers);
    } else if (op == kOpSendZc) {
      uring_on_send_zc(loop, conn, cqe, handlers);
    } else {
      uring_on_writable(loop, conn, handlers);
    }
  }
  if (IO_URING_READ_ONCE(*loop->ring.ring.sq.kflags) & IORING_SQ_CQ_OVERFLOW)
    loop->cq_overflows += 1;
  uring_ring_reaped(&loop->ring, seen);
  if (seen > loop->most_cqes_in_pass) loop->most_cqes_in_pass = seen;
  return stop;
}

#endif
