#include "pingpong_client.h"

#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "pingpong_client_session.h"
#include "uring_loop.h"

struct uc_session {
  struct pingpong_session_head head; /* first: the harness's view of a session */
  struct uring_conn conn;
};

struct uc_loop {
  struct pingpong_client_loop_state state; /* first: the harness's view of a loop */
  struct uring_loop io;
  uint64_t bytes_written;
  char* conn_buffers; /* mode = read without provided buffers: one per session of the loop */
};

struct uc_client {
  struct pingpong_client_base base; /* first: the harness's view of this state */
  struct uring_options options;
  struct __kernel_timespec deadline; /* CLOCK_MONOTONIC, the same instant for every loop */
};

static struct uc_loop* uc_loop_of(struct uring_loop* io) {
  return (struct uc_loop*)((char*)io - offsetof(struct uc_loop, io));
}

static struct uc_session* uc_session_of(struct uring_conn* conn) {
  return (struct uc_session*)((char*)conn - offsetof(struct uc_session, conn));
}

static void end_session(struct uc_loop* loop, struct uc_session* session, uint64_t* outcome) {
  *outcome += 1;
  loop->state.open -= 1;
  uring_conn_close(&loop->io, &session->conn);
}

/* The harness keeps the session; its fd and output go once the ring is done with it. */
static void release_session(struct uring_loop* io, struct uring_conn* conn) {
  uring_conn_disown(io, conn);
  close(conn->fd);
  conn->fd = -1;
  uring_conn_free_output(conn);
}

/* 0, or -1 once the session has ended. */
static int shut_if_due(struct uc_loop* loop, struct uc_session* session) {
  struct uring_conn* conn = &session->conn;
  if (!pingpong_session_shut_due(&session->head.state, loop->state.past_deadline,
                                 uring_conn_output_pending(conn)))
    return 0;
  if (shutdown(conn->fd, SHUT_WR) != 0) {
    end_session(loop, session, &loop->state.counts.resets);
    return -1;
  }
  session->head.state = kShut;
  return 0;
}

static int on_connected(struct uc_loop* loop, struct uc_session* session) {
  const struct pingpong_client_base* client = loop->state.client;
  struct uring_conn* conn = &session->conn;
  if (pingpong_client_connected(conn->fd) != 0) {
    end_session(loop, session, &loop->state.counts.connect_failures);
    return -1;
  }
  session->head.state = kEchoing;
  if (uring_conn_send(&loop->io, conn, client->block, client->params.block_size) != 0) {
    end_session(loop, session, &loop->state.counts.resets);
    return -1;
  }
  return shut_if_due(loop, session);
}

/* Verified where sampled, and echoed back while echoing. */
static int on_data(struct uring_loop* io, struct uring_conn* conn, const char* data, size_t n) {
  struct uc_loop* loop = uc_loop_of(io);
  struct uc_session* session = uc_session_of(conn);
  pingpong_client_took(&loop->state, &session->head, data, n);
  if (session->head.state != kEchoing || uring_conn_send(io, conn, data, n) == 0) return 0;
  end_session(loop, session, &loop->state.counts.resets);
  return -1;
}

/* The connect's POLLOUT, or the output out. */
static int on_drained(struct uring_loop* io, struct uring_conn* conn) {
  struct uc_loop* loop = uc_loop_of(io);
  struct uc_session* session = uc_session_of(conn);
  if (session->head.state == kConnecting) return on_connected(loop, session);
  return shut_if_due(loop, session);
}

/* The end the client asked for, or the server's own doing. */
static void on_ended(struct uring_loop* io, struct uring_conn* conn, int eof) {
  struct uc_loop* loop = uc_loop_of(io);
  struct uc_session* session = uc_session_of(conn);
  end_session(loop, session, pingpong_session_outcome(&loop->state, session->head.state, eof));
}

/* Visits only this loop's sessions (connect_session deals them round-robin): other loop threads
 * change their own sessions concurrently. */
static void pass_deadline(struct uc_loop* loop) {
  const struct pingpong_client_base* client = loop->state.client;
  loop->state.past_deadline = 1;
  for (uint32_t i = loop->state.index; i < client->params.sessions; i += client->loop_count) {
    struct uc_session* session = pingpong_client_session(client, i);
    if (!session->conn.dead && session->head.state != kConnecting) shut_if_due(loop, session);
  }
}

static int on_control(struct uring_loop* io, uint64_t tag, const struct io_uring_cqe* cqe) {
  (void)cqe;
  struct uc_loop* loop = uc_loop_of(io);
  if (tag == kTagDeadline) pass_deadline(loop);
  if (tag != kTagStop) return 0;
  loop->state.stopped = 1;
  return 1;
}

static const struct uring_handlers kClientHandlers = {on_control, on_data, on_drained, on_ended};

/* The stop watch, the deadline and every session's connect, posted by the loop's own thread so
 * that their completions come back to it. 0, or -1. */
static int post_start(struct uc_loop* loop) {
  const struct uc_client* client = (const struct uc_client*)loop->state.client;
  if (uring_loop_post_poll(&loop->io, client->base.params.stop_fd, POLLIN, kTagStop) != 0)
    return -1;
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->io.ring);
  if (sqe == NULL) return -1;
  io_uring_prep_timeout(sqe, (struct __kernel_timespec*)&client->deadline, 0, IORING_TIMEOUT_ABS);
  io_uring_sqe_set_data64(sqe, kTagDeadline);
  if (uring_ring_queue(&loop->io.ring) != 0) return -1;
  for (uint32_t i = loop->state.index; i < client->base.params.sessions;
       i += client->base.loop_count) {
    struct uc_session* session = pingpong_client_session(&client->base, i);
    if (!session->conn.dead && uring_conn_post_write_wait(&loop->io, &session->conn) != 0)
      return -1;
  }
  return 0;
}

/* Until every session of the loop has ended or the host stops it. */
static void* loop_main(void* arg) {
  struct uc_loop* loop = arg;
  char failure[sizeof loop->state.failure];
  if (uring_loop_start(&loop->io, failure, sizeof failure) != RB_OK) {
    pingpong_client_loop_failed(&loop->state, RB_ERR_SYSTEM, "%s", failure);
    return NULL;
  }
  if (loop->state.open > 0 && post_start(loop) != 0) {
    pingpong_client_loop_failed(&loop->state, RB_ERR_SYSTEM, "posting the sessions' connects");
    return NULL;
  }
  while (loop->state.open > 0) {
    int timed_out = 0;
    char error[sizeof loop->state.failure];
    if (uring_loop_wait(&loop->io, &timed_out, error, sizeof error) != RB_OK) {
      pingpong_client_loop_failed(&loop->state, RB_ERR_SYSTEM, "%s", error);
      return NULL;
    }
    if (uring_loop_reap(&loop->io, &kClientHandlers)) return NULL;
  }
  return NULL;
}

static void close_session(void* arg) {
  struct uc_session* session = arg;
  if (session->conn.fd >= 0) {
    shutdown(session->conn.fd, SHUT_RDWR); /* ends what the ring still has posted on it */
    close(session->conn.fd);
  }
  /* A zero-copy send still in flight keeps its pages pinned by the kernel, not by us. */
  uring_conn_free_output(&session->conn);
}

/* After close_session: the ring goes first, and with it every operation on the buffers. */
static void free_loop(void* arg) {
  struct uc_loop* loop = arg;
  uring_loop_close(&loop->io);
  free(loop->conn_buffers);
}

/* Every option is checked where it is used: uring_loop_open refuses what the kernel lacks. */
static int setup(struct pingpong_client_base* base, const rb_option_value* values,
                 char* err __attribute__((unused)), size_t err_len __attribute__((unused))) {
  uring_options_from(values, &((struct uc_client*)base)->options);
  return RB_OK;
}

static int init_loop(void* arg, char* err, size_t err_len) {
  struct uc_loop* loop = arg;
  const struct uc_client* client = (const struct uc_client*)loop->state.client;
  loop->io.release = release_session;
  loop->io.bytes_written = &loop->bytes_written;
  const struct uring_need needs[] = {
      {IORING_OP_POLL_ADD, 0, 0, "IORING_OP_POLL_ADD (connects, stop_fd)"},
      {IORING_OP_TIMEOUT, 0, 0, "IORING_OP_TIMEOUT (the run's deadline)"}};
  /* Room for a read and a write wait per session in a batch; the queue flushes when full. */
  return uring_loop_open(&loop->io, &client->options, 1024, 4096, needs,
                         sizeof needs / sizeof needs[0], (uint16_t)loop->state.index, err, err_len);
}

/* The sessions of loop `index` of `count`, out of `sessions`. */
static uint32_t sessions_of_loop(uint32_t sessions, uint32_t index, uint32_t count) {
  return sessions / count + (index < sessions % count ? 1 : 0);
}

/* The deadline, duration_ms from now; mode = read without provided buffers, the sessions'
 * buffers (here, in run, they count as per-connection memory). */
static int start(struct pingpong_client_base* base, char* err, size_t err_len) {
  struct uc_client* client = (struct uc_client*)base;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  const uint64_t deadline_ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec +
                               base->params.duration_ms * 1000000u;
  client->deadline.tv_sec = (long long)(deadline_ns / 1000000000u);
  client->deadline.tv_nsec = (long long)(deadline_ns % 1000000000u);
  if (client->options.mode != URING_MODE_READ || client->options.provided_buffers) return RB_OK;
  for (uint32_t i = 0; i < base->loop_count; ++i) {
    struct uc_loop* loop = pingpong_client_loop(base, i);
    const uint32_t sessions = sessions_of_loop(base->params.sessions, i, base->loop_count);
    loop->conn_buffers = malloc((size_t)sessions * kUringConnBufferSize);
    if (loop->conn_buffers == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u buffers of %u bytes",
                          sessions, kUringConnBufferSize);
  }
  return RB_OK;
}

/* One that fails at once is a connect failure; the loop posts the wait for the others. */
static void connect_session(void* loop_arg, void* session_arg) {
  struct uc_loop* loop = loop_arg;
  struct uc_session* session = session_arg;
  const uint32_t loop_count = loop->state.client->loop_count;
  struct uring_conn* conn = &session->conn;
  const int fd = pingpong_client_start_connect(loop->state.client);
  if (fd < 0) {
    conn->fd = -1;
    conn->dead = 1;
    loop->state.counts.connect_failures += 1;
    return;
  }
  uring_conn_adopt(&loop->io, conn, fd);
  if (loop->conn_buffers != NULL)
    conn->buffer =
        loop->conn_buffers + (size_t)(session->head.index / loop_count) * kUringConnBufferSize;
  loop->state.open += 1;
}

/* The loops' counters (uring_loops_put_counters), and bytes_written. */
static void put_counters(const struct pingpong_client_base* base, const rb_counter_sink* sink) {
  const struct uc_loop* first = pingpong_client_loop(base, 0);
  uring_loops_put_counters(&first->io, sizeof *first, base->loop_count, sink);
  uint64_t written = 0;
  for (uint32_t i = 0; i < base->loop_count; ++i)
    written += ((const struct uc_loop*)pingpong_client_loop(base, i))->bytes_written;
  sink->put(sink->ctx, "bytes_written", written);
}

PINGPONG_CLIENT_OPS(io_uring_pingpong_client_ops, struct uc_client, struct uc_loop,
                    struct uc_session, kIoUringOptions, setup, init_loop, start, connect_session,
                    loop_main, NULL, 0, close_session, free_loop, put_counters);
