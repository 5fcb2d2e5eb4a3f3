#include "rr_loop.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "output_high_water.h"

enum { kReadBufferSize = 64 * 1024 };

int rr_loop_init(struct rr_loop* loop, int max_events, const rb_http_responses* responses) {
  loop->wake_fd = -1;
  pthread_mutex_init(&loop->lock, NULL);
  loop->responses = responses;
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  loop->buffer = malloc(kReadBufferSize);
  loop->events = calloc((size_t)max_events, sizeof *loop->events);
  loop->max_events = max_events;
  if (loop->epoll_fd < 0) return -1;
  if (loop->buffer == NULL || loop->events == NULL) {
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

static void close_conn(struct rr_loop* loop, struct rr_conn* conn) {
  pthread_mutex_lock(&loop->lock);
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  pthread_mutex_unlock(&loop->lock);
  out_buffer_free(&conn->out);
  held_input_free(&conn->held);
  close(conn->fd);
  free(conn);
}

void rr_loop_close_all(struct rr_loop* loop) {
  while (loop->conns != NULL) close_conn(loop, loop->conns);
}

void rr_loop_free(struct rr_loop* loop) {
  rr_loop_close_all(loop);
  if (loop->epoll_fd >= 0) close(loop->epoll_fd);
  if (loop->wake_fd >= 0) close(loop->wake_fd);
  pthread_mutex_destroy(&loop->lock);
  free(loop->buffer);
  free(loop->events);
}

int rr_loop_add_conn(struct rr_loop* loop, int fd) {
  struct rr_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) {
    close(fd);
    errno = ENOMEM;
    return -1;
  }
  conn->fd = fd;
  conn->interest = EPOLLIN;
  rb_http_parser_init(&conn->parser);
  pthread_mutex_lock(&loop->lock);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  pthread_mutex_unlock(&loop->lock);
  /* From here the loop's thread owns the connection. */
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = conn};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, fd, &ev) != 0) {
    const int saved = errno;
    close_conn(loop, conn);
    errno = saved;
    return -1;
  }
  return 0;
}

/* Queues one response; 0, or -1 once the connection is closed. */
static int respond(struct rr_loop* loop, struct rr_conn* conn, const char* data, size_t len) {
  if (out_buffer_send(conn->fd, &conn->out, data, len, &loop->bytes_written) == 0) return 0;
  close_conn(loop, conn);
  return -1;
}

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark; holds what it did not look
 * at (data may be what is held). 0, or -1 once the connection is closed. */
static int serve_requests(struct rr_loop* loop, struct rr_conn* conn, const char* data,
                          size_t len) {
  while (len > 0 && !conn->closing && !rb_output_above_high_water(conn->out.length)) {
    size_t used = 0;
    const int rc = rb_http_parse(&conn->parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) break;
    if (rc == RB_HTTP_BAD) {
      loop->bad_requests++;
      conn->closing = 1;
      return respond(loop, conn, RB_HTTP_400, RB_HTTP_400_LEN);
    }
    loop->requests++;
    spin_run(&loop->spin);
    conn->closing = !conn->parser.keep_alive;
    size_t response_len = 0;
    const char* response =
        rb_http_response(loop->responses, conn->parser.keep_alive, &response_len);
    if (respond(loop, conn, response, response_len) != 0) return -1;
  }
  if (held_input_keep(&conn->held, data, conn->closing ? 0 : len) == 0) return 0;
  close_conn(loop, conn);
  return -1;
}

/* 0, or -1 once the connection is closed. */
static int read_requests(struct rr_loop* loop, struct rr_conn* conn) {
  const ssize_t n = read(conn->fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  if (n <= 0) {
    /* The client is done (or gone); nothing of ours waits, since we read only then. */
    close_conn(loop, conn);
    return -1;
  }
  return serve_requests(loop, conn, loop->buffer, (size_t)n);
}

void rr_loop_on_conn_event(struct rr_loop* loop, struct rr_conn* conn, uint32_t events) {
  (void)events; /* the interest set says what to do; read or send report HUP and ERR */
  if (out_buffer_pending(&conn->out)) {
    const int flushed = out_buffer_flush(conn->fd, &conn->out, &loop->bytes_written);
    if (flushed < 0) {
      close_conn(loop, conn);
      return;
    }
    /* Out: what was held back is answered before anything more is read. */
    if (flushed == 1 && conn->held.length > 0 &&
        serve_requests(loop, conn, conn->held.data, conn->held.length) != 0)
      return;
  } else if (read_requests(loop, conn) != 0) {
    return;
  }
  const int pending = out_buffer_pending(&conn->out);
  if (conn->closing && !pending) {
    close_conn(loop, conn);
    return;
  }
  const uint32_t want = pending ? EPOLLOUT : EPOLLIN;
  if (want == conn->interest) return;
  conn->interest = want;
  struct epoll_event ev = {.events = want, .data.ptr = conn};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_MOD, conn->fd, &ev) != 0) close_conn(loop, conn);
}
