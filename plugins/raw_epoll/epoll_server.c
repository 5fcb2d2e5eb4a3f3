#include "epoll_server.h"

#include <stdlib.h>
#include <sys/eventfd.h>

char epoll_listen_tag, epoll_stop_tag, epoll_wake_tag;

void epoll_conn_close(struct epoll_loop* loop, struct epoll_conn* conn) {
  pthread_mutex_lock(&loop->lock);
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  pthread_mutex_unlock(&loop->lock);
  out_buffer_free(&conn->out);
  held_input_free(&conn->held);
  /* close() alone ends the registration only with the socket's last descriptor: one a forked
   * child still holds keeps it, and its events would then name freed memory. */
  epoll_ctl(loop->epoll_fd, EPOLL_CTL_DEL, conn->fd, NULL);
  close(conn->fd);
  free(conn);
}

static void close_all(struct epoll_loop* loop) {
  while (loop->conns != NULL) epoll_conn_close(loop, loop->conns);
}

/* Any thread: the loop takes the accepted socket on. 0, or -1 with errno set (the socket is
 * then closed). */
static int add_conn(struct epoll_server* server, struct epoll_loop* loop, int fd) {
  struct epoll_conn* conn = calloc(1, server->protocol.conn_size);
  if (conn == NULL) {
    close(fd);
    errno = ENOMEM;
    return -1;
  }
  conn->fd = fd;
  conn->interest = EPOLLIN;
  if (server->protocol.init_conn != NULL) server->protocol.init_conn(conn);
  pthread_mutex_lock(&loop->lock);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  pthread_mutex_unlock(&loop->lock);
  /* From here the loop's thread owns the connection. */
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = conn};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, fd, &ev) == 0) return 0;
  const int saved = errno;
  epoll_conn_close(loop, conn);
  errno = saved;
  return -1;
}

int epoll_server_accept_all(struct epoll_server* server, char* err, size_t err_len) {
  for (;;) {
    const int fd = server_acceptor_next(&server->tally.acceptor);
    if (fd < 0) {
      if (errno == EAGAIN) return RB_OK;
      return report_error(RB_ERR_SYSTEM, err, err_len, "accept4: %s", strerror(errno));
    }
    struct epoll_loop* loop = &server->loops[server->next_loop++ % server->threads];
    if (add_conn(server, loop, fd) != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "registering a connection: %s",
                          strerror(errno));
    server->tally.connections++;
  }
}

static int watch(int epoll_fd, int fd, void* tag) {
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = tag};
  return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev);
}

/* 0, or -1 with errno set; epoll_server_free undoes a partial init. */
static int init_loop(struct epoll_server* server, struct epoll_loop* loop, int max_events) {
  loop->server = server;
  pthread_mutex_init(&loop->lock, NULL);
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  loop->buffer = malloc(kEpollReadBufferSize);
  loop->events = calloc((size_t)max_events, sizeof *loop->events);
  loop->max_events = max_events;
  if (loop->epoll_fd < 0) return -1;
  if (loop->buffer == NULL || loop->events == NULL) {
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

static void free_loop(struct epoll_loop* loop) {
  close_all(loop);
  if (loop->epoll_fd >= 0) close(loop->epoll_fd);
  if (loop->wake_fd >= 0) close(loop->wake_fd);
  pthread_mutex_destroy(&loop->lock);
  free(loop->buffer);
  free(loop->events);
}

/* threads == 1: the one loop watches the listener and stop_fd itself. threads > 1: the
 * accept-only epoll set does, and each worker watches its wake fd. */
static int watch_control_fds(struct epoll_server* server) {
  struct epoll_loop* acceptor = server->threads == 1 ? &server->loops[0] : &server->accept_loop;
  if (server->threads > 1) {
    acceptor->server = server;
    acceptor->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    acceptor->events = server->accept_events;
    acceptor->max_events = 2;
    if (acceptor->epoll_fd < 0) return -1;
  }
  if (watch(acceptor->epoll_fd, server->listen_fd, &epoll_listen_tag) != 0 ||
      watch(acceptor->epoll_fd, server->stop_fd, &epoll_stop_tag) != 0)
    return -1;
  for (uint32_t i = 0; server->threads > 1 && i < server->threads; ++i) {
    struct epoll_loop* loop = &server->loops[i];
    loop->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (loop->wake_fd < 0 || watch(loop->epoll_fd, loop->wake_fd, &epoll_wake_tag) != 0) return -1;
  }
  return 0;
}

enum { kDefaultMaxEvents = 1024 };

int epoll_server_open(void* state, const void* protocol, const struct server_setup* setup,
                      const rb_option_value* values, char* err, size_t err_len) {
  struct epoll_server* server = state;
  struct epoll_options parsed;
  epoll_options_from(values, &parsed);
  /* Off for pingpong, whose workload the stall options are not declared for. */
  struct rr_stall stall;
  const int rc = rr_stall_from(values, &stall, err, err_len);
  if (rc != RB_OK) return rc;
  const int max_events = parsed.max_events > 0 ? (int)parsed.max_events : kDefaultMaxEvents;
  struct spin spin;
  spin_init(&spin, parsed.spin_ns);
  server->listen_fd = setup->listen_fd;
  server_acceptor_init(&server->tally.acceptor, setup->listen_fd);
  server->stop_fd = setup->stop_fd;
  server->threads = setup->threads;
  server->protocol = *(const struct epoll_protocol*)protocol;
  server->accept_loop.epoll_fd = server->accept_loop.wake_fd = -1;
  server->loops = calloc(server->threads, sizeof *server->loops);
  int ok = server->loops != NULL;
  /* Every loop's fds read -1 before any is set up, so free can undo a partial setup. */
  for (uint32_t i = 0; ok && i < server->threads; ++i)
    server->loops[i].epoll_fd = server->loops[i].wake_fd = -1;
  for (uint32_t i = 0; ok && i < server->threads; ++i) {
    ok = init_loop(server, &server->loops[i], max_events) == 0;
    server->loops[i].spin = spin;
    server->loops[i].stall = stall;
    server->loops[i].responses = setup->responses;
  }
  if (ok) {
    server->tally.loop_counts = &server->loops[0].counts;
    server->tally.stride = sizeof server->loops[0];
    server->tally.loops = server->threads;
  }
  if (!ok || watch_control_fds(server) != 0) {
    const int saved = errno;
    epoll_server_close(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the loops: %s", strerror(saved));
  }
  return RB_OK;
}

static void* worker_main(void* arg) {
  struct epoll_loop* loop = arg;
  if (loop->server->protocol.run(loop, loop->error, sizeof loop->error) != RB_OK) loop->failed = 1;
  return NULL;
}

/* The acceptor's loop has no connections. */
static void no_conns(struct epoll_loop* loop, struct epoll_conn* conn, uint32_t events) {
  (void)loop, (void)conn, (void)events;
}

/* threads > 1: the calling thread only accepts; each worker runs its own loop. */
static int serve_with_workers(struct epoll_server* server, char* err, size_t err_len) {
  int rc = RB_OK;
  uint32_t started = 0;
  for (; started < server->threads; ++started) {
    struct epoll_loop* loop = &server->loops[started];
    if (pthread_create(&loop->thread, NULL, worker_main, loop) != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
      break;
    }
  }
  if (rc == RB_OK) rc = epoll_loop_run(&server->accept_loop, no_conns, err, err_len);
  for (uint32_t i = 0; i < started; ++i) {
    const uint64_t one = 1;
    if (write(server->loops[i].wake_fd, &one, sizeof one) < 0) continue;
  }
  for (uint32_t i = 0; i < started; ++i) pthread_join(server->loops[i].thread, NULL);
  for (uint32_t i = 0; rc == RB_OK && i < started; ++i)
    if (server->loops[i].failed)
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "loop %u: %s", i, server->loops[i].error);
  return rc;
}

int epoll_server_serve(void* state, char* err, size_t err_len) {
  struct epoll_server* server = state;
  const int rc = server->threads == 1 ? server->protocol.run(&server->loops[0], err, err_len)
                                      : serve_with_workers(server, err, err_len);
  for (uint32_t i = 0; i < server->threads; ++i) close_all(&server->loops[i]);
  return rc;
}

void epoll_server_close(void* state) {
  struct epoll_server* server = state;
  for (uint32_t i = 0; server->loops != NULL && i < server->threads; ++i)
    free_loop(&server->loops[i]);
  if (server->accept_loop.epoll_fd >= 0) close(server->accept_loop.epoll_fd);
  server_acceptor_close(&server->tally.acceptor);
  free(server->loops);
  server->loops = NULL;
}
