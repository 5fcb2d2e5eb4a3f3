#include "server_loop.h"

#include <errno.h>
#include <reactorbench/kit/error_message.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "options.h"

enum { kEventsPerWait = 64 };

/* epoll's data of the two fds that are no connection. */
static char listen_tag, stop_tag;

void loop_conn_close(struct server_loop* loop, struct loop_conn* conn) {
  epoll_ctl(loop->epoll_fd, EPOLL_CTL_DEL, conn->fd, NULL);
  close(conn->fd);
  out_buffer_free(&conn->out);
  held_input_free(&conn->held);
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  free(conn);
}

void loop_conn_watch(struct server_loop* loop, struct loop_conn* conn, uint32_t events) {
  if (events == conn->watching) return;
  struct epoll_event interest = {.events = events, .data.ptr = conn};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_MOD, conn->fd, &interest) != 0) {
    loop_conn_close(loop, conn);
    return;
  }
  conn->watching = events;
}

ssize_t loop_conn_read(struct server_loop* loop, struct loop_conn* conn) {
  for (;;) {
    const ssize_t n = read(conn->fd, loop->buffer, sizeof loop->buffer);
    if (n > 0) return n;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    return -1;
  }
}

static void accept_all(struct server_loop* loop) {
  for (;;) {
    const int fd = server_acceptor_next(&loop->tally.acceptor);
    if (fd < 0) return; /* EAGAIN: none pending; anything else: try at the next event */
    struct loop_conn* conn = calloc(1, sizeof *conn);
    struct epoll_event interest = {.events = EPOLLIN, .data.ptr = conn};
    if (conn == NULL || epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, fd, &interest) != 0) {
      free(conn);
      close(fd);
      continue;
    }
    conn->fd = fd;
    conn->watching = EPOLLIN;
    rb_http_parser_init(&conn->parser);
    conn->next = loop->conns;
    if (loop->conns != NULL) loop->conns->prev = conn;
    loop->conns = conn;
    loop->tally.connections += 1;
  }
}

static int watch_fd(int epoll_fd, int fd, void* tag, char* err, size_t err_len) {
  struct epoll_event interest = {.events = EPOLLIN, .data.ptr = tag};
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &interest) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD fd %d): %s", fd,
                        strerror(errno));
  return RB_OK;
}

int server_loop_open(void* server, const void* protocol, const struct server_setup* setup,
                     const rb_option_value* values, char* err, size_t err_len) {
  struct server_loop* loop = server;
  loop->protocol = protocol;
  loop->responses = setup->responses;
  loop->stop_fd = setup->stop_fd;
  loop->timeout_ms = poll_timeout_ms_of(values);
  loop->tally.loop_counts = &loop->counts;
  loop->tally.stride = sizeof loop->counts;
  loop->tally.loops = 1;
  server_acceptor_init(&loop->tally.acceptor, setup->listen_fd);
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  int rc = loop->epoll_fd >= 0
               ? RB_OK
               : report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  if (rc == RB_OK) rc = watch_fd(loop->epoll_fd, setup->listen_fd, &listen_tag, err, err_len);
  if (rc == RB_OK) rc = watch_fd(loop->epoll_fd, setup->stop_fd, &stop_tag, err, err_len);
  if (rc != RB_OK) server_loop_close(server);
  return rc;
}

int server_loop_serve(void* server, char* err, size_t err_len) {
  struct server_loop* loop = server;
  struct epoll_event events[kEventsPerWait];
  for (;;) {
    const int ready = epoll_wait(loop->epoll_fd, events, kEventsPerWait, loop->timeout_ms);
    loop->iterations += 1;
    if (ready < 0 && errno != EINTR)
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    for (int i = 0; i < ready; ++i) {
      void* tag = events[i].data.ptr;
      if (tag == &stop_tag) {
        while (loop->conns != NULL) loop_conn_close(loop, loop->conns);
        return RB_OK;
      }
      if (tag == &listen_tag) {
        accept_all(loop);
      } else {
        loop->protocol->on_ready(loop, tag, events[i].events);
      }
    }
  }
}

void server_loop_close(void* server) {
  struct server_loop* loop = server;
  while (loop->conns != NULL) loop_conn_close(loop, loop->conns);
  if (loop->epoll_fd > 0) close(loop->epoll_fd);
  loop->epoll_fd = -1;
  server_acceptor_close(&loop->tally.acceptor);
}

void server_loop_put_iterations(const void* server, const struct server_totals* totals,
                                const rb_counter_sink* sink) {
  (void)totals;
  sink->put(sink->ctx, "loop_iterations", ((const struct server_loop*)server)->iterations);
}
