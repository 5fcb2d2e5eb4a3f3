#include "uring_server.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "loop_threads.h"
#include "probe.h"

static inline uint64_t conn_tag(const struct uring_conn* conn, enum uring_op op) {
  return (uint64_t)(uintptr_t)conn | (uint64_t)op;
}

static int multishot_recv(const struct uring_options* options) {
  return options->mode == URING_MODE_READ && options->provided_buffers && options->multishot;
}

/* Queues an SQE the loop waits on for conn (inflight counts it); NULL when none is free. */
static struct io_uring_sqe* conn_sqe(struct uring_loop* loop, struct uring_conn* conn,
                                     enum uring_op op) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return NULL;
  io_uring_sqe_set_data64(sqe, conn_tag(conn, op));
  conn->inflight += 1;
  return sqe;
}

static int post_read(struct uring_loop* loop, struct uring_conn* conn) {
  const struct uring_options* options = &loop->server->options;
  struct io_uring_sqe* sqe = conn_sqe(loop, conn, kOpRead);
  if (sqe == NULL) return -1;
  /* The tag set by conn_sqe survives the prep helpers, which leave user_data alone. */
  const uint64_t tag = sqe->user_data;
  if (options->mode == URING_MODE_POLL) {
    if (options->multishot)
      io_uring_prep_poll_multishot(sqe, conn->fd, POLLIN);
    else
      io_uring_prep_poll_add(sqe, conn->fd, POLLIN);
  } else if (options->provided_buffers) {
    if (options->multishot)
      io_uring_prep_recv_multishot(sqe, conn->fd, NULL, 0, 0);
    else
      io_uring_prep_recv(sqe, conn->fd, NULL, 0, 0);
    sqe->flags |= IOSQE_BUFFER_SELECT;
    sqe->buf_group = loop->buffers.group;
  } else {
    io_uring_prep_recv(sqe, conn->fd, conn->buffer, kUringConnBufferSize, 0);
  }
  sqe->user_data = tag;
  conn->reading = 1;
  conn->cancelling = 0;
  return uring_ring_queue(&loop->ring);
}

static int post_write_wait(struct uring_loop* loop, struct uring_conn* conn) {
  struct io_uring_sqe* sqe = conn_sqe(loop, conn, kOpWrite);
  if (sqe == NULL) return -1;
  const uint64_t tag = sqe->user_data;
  io_uring_prep_poll_add(sqe, conn->fd, POLLOUT);
  sqe->user_data = tag;
  conn->writing = 1;
  return uring_ring_queue(&loop->ring);
}

/* Cancels conn's operation op; its completion (-ECANCELED, or its own if it came first) ends
 * it, the cancel's own is ignored. */
static int post_cancel(struct uring_loop* loop, const struct uring_conn* conn, enum uring_op op) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return -1;
  io_uring_prep_cancel64(sqe, conn_tag(conn, op), 0);
  io_uring_sqe_set_data64(sqe, kTagIgnore);
  return uring_ring_queue(&loop->ring);
}

void uring_conn_close(struct uring_loop* loop, struct uring_conn* conn) {
  if (!conn->dead) {
    conn->dead = 1;
    /* Ends a pending recv or readiness poll at once; a multishot one is cancelled too. */
    shutdown(conn->fd, SHUT_RDWR);
    if (conn->reading) post_cancel(loop, conn, kOpRead);
    if (conn->writing) post_cancel(loop, conn, kOpWrite);
  }
  if (conn->inflight > 0) return; /* freed by the run loop at its last completion */
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  out_buffer_free(&conn->out);
  held_input_free(&conn->held);
  close(conn->fd);
  free(conn->buffer);
  free(conn);
}

void uring_conn_settle(struct uring_loop* loop, struct uring_conn* conn) {
  const int pending = out_buffer_pending(&conn->out);
  if (conn->closing && !pending) {
    uring_conn_close(loop, conn);
    return;
  }
  const int want_input = !conn->closing && !rb_output_above_high_water(conn->out.length);
  int rc = 0;
  if (want_input && !conn->reading) {
    rc = post_read(loop, conn);
  } else if (!want_input && conn->reading && !conn->cancelling &&
             multishot_recv(&loop->server->options)) {
    /* A multishot recv would go on filling memory for a client that does not read. */
    conn->cancelling = 1;
    rc = post_cancel(loop, conn, kOpRead);
  }
  if (rc == 0 && pending && !conn->writing) rc = post_write_wait(loop, conn);
  if (rc != 0) uring_conn_close(loop, conn);
}

static int post_accept(struct uring_loop* loop) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return -1;
  const int flags = SOCK_NONBLOCK | SOCK_CLOEXEC;
  if (loop->server->options.multishot)
    io_uring_prep_multishot_accept(sqe, loop->server->listen_fd, NULL, NULL, flags);
  else
    io_uring_prep_accept(sqe, loop->server->listen_fd, NULL, NULL, flags);
  io_uring_sqe_set_data64(sqe, kTagAccept);
  return uring_ring_queue(&loop->ring);
}

/* A readiness poll on fd, completing with `tag`. */
static int post_poll(struct uring_loop* loop, int fd, enum uring_tag tag) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return -1;
  io_uring_prep_poll_add(sqe, fd, POLLIN);
  io_uring_sqe_set_data64(sqe, tag);
  return uring_ring_queue(&loop->ring);
}

static int add_conn(struct uring_loop* loop, int fd) {
  const struct uring_server* server = loop->server;
  struct uring_conn* conn = calloc(1, server->protocol.conn_size);
  const int one = 1;
  if (conn == NULL || setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
    free(conn);
    close(fd);
    return -1;
  }
  conn->fd = fd;
  if (server->options.mode == URING_MODE_READ && !server->options.provided_buffers) {
    conn->buffer = malloc(kUringConnBufferSize);
    if (conn->buffer == NULL) {
      free(conn);
      close(fd);
      return -1;
    }
  }
  if (server->protocol.init_conn != NULL) server->protocol.init_conn(conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  loop->accepted += 1;
  uring_conn_settle(loop, conn);
  return 0;
}

static int loop_failed(struct uring_loop* loop, const char* what, int error) {
  loop->failed = 1;
  snprintf(loop->error, sizeof loop->error, "%s: %s", what, strerror(error));
  return -1;
}

/* An accept SQE failed with EMFILE or ENFILE. The kernel checked the descriptor limit the
 * process had when that SQE was submitted, and fails for want of a descriptor whether or not a
 * connection is pending; so the common acceptor takes over with accept4 under the limit as it
 * is now: it takes what it can (served as any other) and refuses the rest, until none is
 * pending. 0, or -1 when accepting failed. */
static int accept_out_of_descriptors(struct uring_loop* loop) {
  struct uring_server* server = loop->server;
  for (;;) {
    pthread_mutex_lock(&server->refuse_lock); /* the spare descriptor is the loops' */
    const int fd = server_acceptor_next(&server->tally.acceptor);
    const int error = errno;
    pthread_mutex_unlock(&server->refuse_lock);
    if (fd < 0) return error == EAGAIN ? 0 : loop_failed(loop, "accept", error);
    if (add_conn(loop, fd) != 0) return loop_failed(loop, "taking a connection", ENOMEM);
  }
}

int uring_loop_control(struct uring_loop* loop, uint64_t tag, const struct io_uring_cqe* cqe) {
  if (tag == kTagStop) return 1;
  const int res = cqe->res;
  if (tag == kTagListenerReady) {
    if (res < 0 && res != -EINTR) return loop_failed(loop, "polling the listener", -res);
    return post_accept(loop) != 0 ? loop_failed(loop, "posting an accept", EBUSY) : 0;
  }
  if (tag != kTagAccept) return 0;
  int out_of_descriptors = 0;
  if (res >= 0) {
    if (add_conn(loop, res) != 0) return loop_failed(loop, "taking a connection", ENOMEM);
  } else if (res == -EMFILE || res == -ENFILE) {
    if (accept_out_of_descriptors(loop) != 0) return -1;
    out_of_descriptors = 1;
  } else if (res != -EAGAIN && res != -EINTR && res != -ECONNABORTED && res != -ECANCELED) {
    return loop_failed(loop, "accept", -res);
  }
  if (cqe->flags & IORING_CQE_F_MORE) return 0; /* a multishot accept goes on */
  /* Out of descriptors, an accept posted now would fail at once, pending connection or not,
   * and again after every completion: the loop would spin. It waits for one to be pending. */
  const int rc = out_of_descriptors ? post_poll(loop, loop->server->listen_fd, kTagListenerReady)
                                    : post_accept(loop);
  return rc != 0 ? loop_failed(loop, "posting an accept", EBUSY) : 0;
}

static void free_conns(struct uring_loop* loop) {
  while (loop->conns != NULL) {
    loop->conns->inflight = 0; /* the ring is gone, and with it every operation */
    loop->conns->dead = 1;
    uring_conn_close(loop, loop->conns);
  }
}

/* Closes the ring (ending every operation) and then every connection. */
static void stop_loop(struct uring_loop* loop) {
  buffer_ring_close(&loop->buffers, &loop->ring.ring);
  uring_ring_close(&loop->ring);
  free_conns(loop);
}

static int probe_features(struct uring_loop* loop, char* err, size_t err_len) {
  const struct uring_options* options = &loop->server->options;
  if (options->mode == URING_MODE_READ && !options->provided_buffers && options->multishot &&
      options->multishot_given)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "multishot = on with mode = read needs provided_buffers = on (a multishot "
                        "recv takes its buffers from a buffer ring)");
  struct uring_need needs[4];
  size_t count = 0;
  needs[count++] = (struct uring_need){IORING_OP_ACCEPT, 0, 0, "IORING_OP_ACCEPT"};
  if (options->multishot)
    needs[count++] = (struct uring_need){-1, 5, 19, "multishot accept (multishot = on)"};
  if (options->mode == URING_MODE_POLL) {
    needs[count++] =
        (struct uring_need){IORING_OP_POLL_ADD, 0, 0, "IORING_OP_POLL_ADD (mode = poll)"};
    if (options->multishot)
      needs[count++] = (struct uring_need){-1, 5, 13, "multishot poll (multishot = on)"};
  } else {
    needs[count++] = (struct uring_need){IORING_OP_RECV, 0, 0, "IORING_OP_RECV (mode = read)"};
    if (multishot_recv(options))
      needs[count++] = (struct uring_need){-1, 6, 0, "multishot recv (multishot = on)"};
  }
  return uring_probe_needs(&loop->ring, needs, count, err, err_len);
}

static int open_loop(struct uring_server* server, struct uring_loop* loop, uint16_t index,
                     char* err, size_t err_len) {
  loop->server = server;
  const struct uring_options* options = &server->options;
  /* Room for a read and a write wait per connection in a batch; the queue flushes when full. */
  int rc = uring_ring_open(&loop->ring, 1024, 4096, options, err, err_len);
  if (rc == RB_OK && index == 0) rc = probe_features(loop, err, err_len);
  if (rc != RB_OK) return rc;
  if (options->mode == URING_MODE_POLL) {
    loop->buffer = malloc(kUringLoopBufferSize);
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a read buffer");
  }
  if (options->mode == URING_MODE_READ && options->provided_buffers) {
    rc = buffer_ring_open(&loop->buffers, &loop->ring.ring, kUringRingBuffers, kUringConnBufferSize,
                          index, err, err_len);
    if (rc != RB_OK) return rc;
  }
  if (post_accept(loop) != 0 || post_poll(loop, server->stop_fd, kTagStop) != 0 ||
      uring_ring_submit(&loop->ring) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "posting the listener's accept");
  return RB_OK;
}

int uring_server_open(void* state, const void* protocol, const struct server_setup* setup,
                      const rb_option_value* values, char* err, size_t err_len) {
  struct uring_server* server = state;
  const struct uring_protocol* served = protocol;
  int rc = RB_OK;
  uring_options_from(values, &server->options);
  server->listen_fd = setup->listen_fd;
  server->stop_fd = setup->stop_fd;
  server->threads = setup->threads;
  server->protocol = *served;
  server_acceptor_init(&server->tally.acceptor, setup->listen_fd);
  pthread_mutex_init(&server->refuse_lock, NULL);
  server->loops = calloc(server->threads, sizeof *server->loops);
  if (server->loops == NULL) {
    uring_server_close(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", setup->threads);
  }
  server->tally.loop_counts = &server->loops[0].counts;
  server->tally.stride = sizeof server->loops[0];
  server->tally.loops = server->threads;
  for (uint32_t i = 0; rc == RB_OK && i < server->threads; ++i) {
    server->loops[i].responses = setup->responses;
    rc = open_loop(server, &server->loops[i], (uint16_t)i, err, err_len);
  }
  if (rc != RB_OK) uring_server_close(server);
  return rc;
}

static void* loop_main(void* arg) {
  struct uring_loop* loop = arg;
  if (loop->server->protocol.run(loop, loop->error, sizeof loop->error) != RB_OK) loop->failed = 1;
  return NULL;
}

static void abandon(void* arg) {
  atomic_store(&((struct uring_loop*)arg)->server->abandoned, 1);
}

int uring_server_serve(void* state, char* err, size_t err_len) {
  struct uring_server* server = state;
  uint32_t started = 0;
  const int rc = run_loop_threads(server->loops, sizeof *server->loops, server->threads, loop_main,
                                  abandon, &started);
  for (uint32_t i = 0; i < server->threads; ++i) {
    server->tally.connections += server->loops[i].accepted;
    stop_loop(&server->loops[i]);
  }
  if (rc != 0) return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(rc));
  for (uint32_t i = 0; i < server->threads; ++i)
    if (server->loops[i].failed)
      return report_error(RB_ERR_SYSTEM, err, err_len, "loop %u: %s", i, server->loops[i].error);
  return RB_OK;
}

void uring_server_close(void* state) {
  struct uring_server* server = state;
  for (uint32_t i = 0; server->loops != NULL && i < server->threads; ++i) {
    stop_loop(&server->loops[i]);
    free(server->loops[i].buffer);
  }
  server_acceptor_close(&server->tally.acceptor);
  pthread_mutex_destroy(&server->refuse_lock);
  free(server->loops);
  server->loops = NULL;
}
