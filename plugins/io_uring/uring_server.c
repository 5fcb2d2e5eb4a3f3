#include "uring_server.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "loop_threads.h"
#include "probe.h"

static void release_conn(struct uring_loop* io, struct uring_conn* done) {
  struct server_loop* loop = server_loop_of(io);
  struct served_conn* conn = (struct served_conn*)done;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  uring_conn_disown(io, &conn->io);
  uring_conn_free_output(&conn->io);
  held_input_free(&conn->held);
  close(conn->io.fd);
  free(conn->io.buffer);
  free(conn);
}

void server_conn_ended(struct uring_loop* loop, struct uring_conn* conn, int eof) {
  (void)eof;
  uring_conn_close(loop, conn);
}

static int post_accept(struct server_loop* loop) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->io.ring);
  if (sqe == NULL) return -1;
  const int flags = SOCK_NONBLOCK | SOCK_CLOEXEC;
  if (loop->io.options.multishot)
    io_uring_prep_multishot_accept(sqe, loop->server->listen_fd, NULL, NULL, flags);
  else
    io_uring_prep_accept(sqe, loop->server->listen_fd, NULL, NULL, flags);
  io_uring_sqe_set_data64(sqe, kTagAccept);
  return uring_ring_queue(&loop->io.ring);
}

static int add_conn(struct server_loop* loop, int fd) {
  const struct uring_server* server = loop->server;
  struct served_conn* conn = calloc(1, server->protocol.conn_size);
  const int one = 1;
  if (conn == NULL || setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
    free(conn);
    close(fd);
    return -1;
  }
  if (server->options.mode == URING_MODE_READ && !server->options.provided_buffers) {
    conn->io.buffer = malloc(kUringConnBufferSize);
    if (conn->io.buffer == NULL) {
      free(conn);
      close(fd);
      return -1;
    }
  }
  uring_conn_adopt(&loop->io, &conn->io, fd);
  if (server->protocol.init_conn != NULL) server->protocol.init_conn(conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  loop->accepted += 1;
  uring_conn_settle(&loop->io, &conn->io);
  return 0;
}

static int loop_failed(struct server_loop* loop, const char* what, int error) {
  loop->failed = 1;
  snprintf(loop->error, sizeof loop->error, "%s: %s", what, strerror(error));
  return -1;
}

/* An accept SQE failed with EMFILE or ENFILE. The kernel checked the descriptor limit the
 * process had when that SQE was submitted, and fails for want of a descriptor whether or not a
 * connection is pending; so the common acceptor takes over with accept4 under the limit as it
 * is now: it takes what it can (served as any other) and refuses the rest, until none is
 * pending. 0, or -1 when accepting failed. */
static int accept_out_of_descriptors(struct server_loop* loop) {
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

int server_loop_control(struct uring_loop* io, uint64_t tag, const struct io_uring_cqe* cqe) {
  struct server_loop* loop = server_loop_of(io);
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
  const int rc = out_of_descriptors
                     ? uring_loop_post_poll(io, loop->server->listen_fd, POLLIN, kTagListenerReady)
                     : post_accept(loop);
  return rc != 0 ? loop_failed(loop, "posting an accept", EBUSY) : 0;
}

static void free_conns(struct server_loop* loop) {
  while (loop->conns != NULL) {
    loop->conns->io.inflight = 0; /* the ring is gone, and with it every operation */
    loop->conns->io.dead = 1;
    uring_conn_close(&loop->io, &loop->conns->io);
  }
}

/* Closes the ring (ending every operation) and then every connection. */
static void stop_loop(struct server_loop* loop) {
  uring_loop_close(&loop->io);
  free_conns(loop);
}

static int open_loop(struct uring_server* server, struct server_loop* loop, uint16_t index,
                     char* err, size_t err_len) {
  loop->server = server;
  loop->io.release = release_conn;
  loop->io.bytes_written = &loop->counts.bytes_written;
  struct uring_need needs[2];
  size_t count = 0;
  needs[count++] = (struct uring_need){IORING_OP_ACCEPT, 0, 0, "IORING_OP_ACCEPT"};
  if (server->options.multishot)
    needs[count++] = (struct uring_need){-1, 5, 19, "multishot accept (multishot = on)"};
  /* Room for a read and a write wait per connection in a batch; the queue flushes when full.
   * A defer_taskrun ring submits nothing here: its loop thread must be the first to. */
  const int rc =
      uring_loop_open(&loop->io, &server->options, 1024, 4096, needs, count, index, err, err_len);
  if (rc != RB_OK) return rc;
  if (post_accept(loop) != 0 ||
      uring_loop_post_poll(&loop->io, server->stop_fd, POLLIN, kTagStop) != 0 ||
      uring_ring_submit(&loop->io.ring) != 0)
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
  struct server_loop* loop = arg;
  /* The accept and stop polls open_loop queued go with the first wait, from this thread. */
  if (uring_loop_start(&loop->io, loop->error, sizeof loop->error) != RB_OK ||
      loop->server->protocol.run(loop, loop->error, sizeof loop->error) != RB_OK)
    loop->failed = 1;
  return NULL;
}

static void abandon(void* arg) {
  atomic_store(&((struct server_loop*)arg)->server->abandoned, 1);
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
  for (uint32_t i = 0; server->loops != NULL && i < server->threads; ++i)
    stop_loop(&server->loops[i]);
  server_acceptor_close(&server->tally.acceptor);
  pthread_mutex_destroy(&server->refuse_lock);
  free(server->loops);
  server->loops = NULL;
}
