/* pipe2 */
#define _GNU_SOURCE

#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error_message.h"
#include "pingpong_base.h"
#include "reactorbench/http_request.h"
#include "rr_variant.h"

/* http = bufferevent: accepting, threads and stopping exactly as pingpong_server.c; per
 * connection a bufferevent whose input chunks are parsed in place (evbuffer_peek) and whose
 * responses are references to the server's canned ones (evbuffer_add_reference), so no byte of
 * a request or a response is copied by us. */

enum { kPeekChunks = 16 };

struct bev_loop;

struct bev_conn {
  struct bufferevent* bev;
  struct bev_loop* loop;
  rb_http_parser parser;
  int closing; /* reads no more; closes once its output is out */
  struct bev_conn* prev;
  struct bev_conn* next;
};

struct bev_loop {
  struct event_base* base;
  struct bev_conn* conns;
  const rb_http_responses* responses;
  uint64_t requests;
  uint64_t bad_requests;
  /* Worker loops only: the acceptor writes accepted fds (and -1 to stop) into the pipe. */
  int handoff[2];
  struct event* handoff_event;
  pthread_t thread;
};

struct bev_server {
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  struct event_base* accept_base;
  struct evconnlistener* listener;
  struct event* stop_event;
  struct bev_loop* loops;
  uint32_t loop_count;
  uint32_t next_loop;
  uint64_t connections;
  int failed;
  char error[200];
  rb_http_responses responses;
};

static void close_conn(struct bev_conn* conn) {
  struct bev_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  bufferevent_free(conn->bev);
  free(conn);
}

static int output_empty(const struct bev_conn* conn) {
  return evbuffer_get_length(bufferevent_get_output(conn->bev)) == 0;
}

/* The connection reads no more and closes once its output is out (see write_cb). */
static void stop_reading(struct bev_conn* conn) {
  conn->closing = 1;
  bufferevent_disable(conn->bev, EV_READ);
}

/* Queues a response that lives as long as the server. A response that cannot be queued ends
 * the connection after what is queued already. */
static void respond(struct bev_conn* conn, const char* data, size_t len, int then_close) {
  struct evbuffer* output = bufferevent_get_output(conn->bev);
  if (evbuffer_add_reference(output, data, len, NULL, NULL) != 0 || then_close) stop_reading(conn);
}

/* Answers every complete request in data[0..len), in order (pipelining), until one ends the
 * connection. */
static void serve_requests(struct bev_conn* conn, const char* data, size_t len) {
  struct bev_loop* loop = conn->loop;
  while (len > 0 && !conn->closing) {
    size_t used = 0;
    const int rc = rb_http_parse(&conn->parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) return;
    if (rc == RB_HTTP_BAD) {
      loop->bad_requests++;
      respond(conn, RB_HTTP_400, RB_HTTP_400_LEN, 1);
      return;
    }
    loop->requests++;
    const int keep_alive = conn->parser.keep_alive;
    size_t response_len = 0;
    const char* response = rb_http_response(loop->responses, keep_alive, &response_len);
    respond(conn, response, response_len, !keep_alive);
  }
}

static void read_cb(struct bufferevent* bev, void* arg) {
  struct bev_conn* conn = arg;
  struct evbuffer* input = bufferevent_get_input(bev);
  struct evbuffer_iovec chunks[kPeekChunks];
  while (!conn->closing && evbuffer_get_length(input) > 0) {
    const int needed = evbuffer_peek(input, -1, NULL, chunks, kPeekChunks);
    const int count = needed < kPeekChunks ? needed : kPeekChunks;
    if (count <= 0) break;
    size_t peeked = 0;
    for (int i = 0; i < count && !conn->closing; ++i) {
      serve_requests(conn, chunks[i].iov_base, chunks[i].iov_len);
      peeked += chunks[i].iov_len;
    }
    evbuffer_drain(input, peeked);
  }
  if (conn->closing) {
    evbuffer_drain(input, evbuffer_get_length(input));
    if (output_empty(conn)) close_conn(conn);
  }
}

/* Runs once the output has all gone to the socket. */
static void write_cb(struct bufferevent* bev, void* arg) {
  (void)bev;
  struct bev_conn* conn = arg;
  if (conn->closing) close_conn(conn);
}

static void event_cb(struct bufferevent* bev, short events, void* arg) {
  (void)bev;
  struct bev_conn* conn = arg;
  if (events & BEV_EVENT_ERROR) {
    close_conn(conn);
  } else if (events & BEV_EVENT_EOF) {
    /* The client sent its last request: close once the answers are out. */
    if (output_empty(conn))
      close_conn(conn);
    else
      stop_reading(conn);
  }
}

/* Runs in the thread of `loop`. */
static int start_conn(struct bev_loop* loop, int fd) {
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct bev_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) return -1;
  conn->bev = bufferevent_socket_new(loop->base, fd, BEV_OPT_CLOSE_ON_FREE);
  if (conn->bev == NULL) {
    free(conn);
    return -1;
  }
  conn->loop = loop;
  rb_http_parser_init(&conn->parser);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  bufferevent_setcb(conn->bev, read_cb, write_cb, event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
  return 0;
}

static void handoff_cb(evutil_socket_t pipe_fd, short events, void* arg) {
  (void)events;
  struct bev_loop* loop = arg;
  int fds[256];
  const ssize_t n = read(pipe_fd, fds, sizeof fds);
  for (ssize_t i = 0; i < n / (ssize_t)sizeof fds[0]; ++i) {
    if (fds[i] < 0) {
      event_base_loopbreak(loop->base);
    } else if (start_conn(loop, fds[i]) != 0) {
      close(fds[i]);
    }
  }
}

static void accept_cb(struct evconnlistener* listener, evutil_socket_t fd, struct sockaddr* address,
                      int length, void* arg) {
  (void)listener, (void)address, (void)length;
  struct bev_server* server = arg;
  server->connections++;
  if (server->threads == 1) {
    if (start_conn(&server->loops[0], fd) != 0) close(fd);
    return;
  }
  struct bev_loop* loop = &server->loops[server->next_loop++ % server->loop_count];
  const int value = fd;
  if (write(loop->handoff[1], &value, sizeof value) != (ssize_t)sizeof value) close(fd);
}

static void accept_error_cb(struct evconnlistener* listener, void* arg) {
  struct bev_server* server = arg;
  server->failed = 1;
  snprintf(server->error, sizeof server->error, "accept: %s", strerror(errno));
  event_base_loopbreak(evconnlistener_get_base(listener));
}

static void stop_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  event_base_loopbreak(arg);
}

static void* worker_main(void* arg) {
  struct bev_loop* loop = arg;
  event_base_dispatch(loop->base);
  return NULL;
}

static void destroy(struct bev_server* server) {
  if (server == NULL) return;
  if (server->listener != NULL) evconnlistener_free(server->listener);
  if (server->stop_event != NULL) event_free(server->stop_event);
  for (uint32_t i = 0; server->loops != NULL && i < server->loop_count; ++i) {
    struct bev_loop* loop = &server->loops[i];
    while (loop->conns != NULL) close_conn(loop->conns);
    if (loop->handoff_event != NULL) event_free(loop->handoff_event);
    if (loop->handoff[0] >= 0) close(loop->handoff[0]);
    if (loop->handoff[1] >= 0) close(loop->handoff[1]);
    if (loop->base != NULL && loop->base != server->accept_base) event_base_free(loop->base);
  }
  if (server->accept_base != NULL) event_base_free(server->accept_base);
  /* Last: queued outputs referred to these until their bufferevents were finalized above. */
  rb_http_responses_free(&server->responses);
  free(server->loops);
  free(server);
}

static int init_worker(struct bev_loop* loop, const struct loop_options* options, char* err,
                       size_t err_len) {
  loop->base = pingpong_new_base(options, err, err_len);
  if (loop->base == NULL) return -1;
  if (pipe2(loop->handoff, O_CLOEXEC) != 0) {
    loop->handoff[0] = loop->handoff[1] = -1;
    report_error(RB_ERR_SYSTEM, err, err_len, "pipe2: %s", strerror(errno));
    return -1;
  }
  loop->handoff_event =
      event_new(loop->base, loop->handoff[0], EV_READ | EV_PERSIST, handoff_cb, loop);
  if (loop->handoff_event == NULL || event_add(loop->handoff_event, NULL) != 0) {
    report_error(RB_ERR_SYSTEM, err, err_len, "cannot watch the hand-off pipe");
    return -1;
  }
  return 0;
}

static int prepare(const rb_rr_server_params* params, const struct rr_options* options, void** impl,
                   char* err, size_t err_len) {
  struct bev_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->listen_fd = params->listen_fd;
  server->stop_fd = params->stop_fd;
  server->threads = params->threads;
  server->loop_count = params->threads;
  server->loops = calloc(server->loop_count, sizeof *server->loops);
  for (uint32_t i = 0; server->loops != NULL && i < server->loop_count; ++i) {
    server->loops[i].handoff[0] = server->loops[i].handoff[1] = -1;
    server->loops[i].responses = &server->responses;
  }
  if (server->loops == NULL || rb_http_responses_init(&server->responses, params->body_size) != 0) {
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "out of memory for %u loops and a %u-byte body", params->threads,
                        params->body_size);
  }
  server->accept_base = pingpong_new_base(&options->loop, err, err_len);
  int ok = server->accept_base != NULL;
  if (ok && params->threads == 1) server->loops[0].base = server->accept_base;
  for (uint32_t i = 0; ok && params->threads > 1 && i < server->loop_count; ++i)
    ok = init_worker(&server->loops[i], &options->loop, err, err_len) == 0;
  if (ok) {
    /* backlog 0: the host's socket is listening already; no LEV_OPT_CLOSE_ON_FREE: the host
     * owns it. */
    server->listener =
        evconnlistener_new(server->accept_base, accept_cb, server, 0, 0, server->listen_fd);
    if (server->listener != NULL) evconnlistener_set_error_cb(server->listener, accept_error_cb);
    server->stop_event =
        event_new(server->accept_base, server->stop_fd, EV_READ, stop_cb, server->accept_base);
    ok = server->listener != NULL && server->stop_event != NULL &&
         event_add(server->stop_event, NULL) == 0;
    if (!ok) report_error(RB_ERR_SYSTEM, err, err_len, "cannot listen or watch stop_fd");
  }
  if (!ok) {
    destroy(server);
    return RB_ERR_SYSTEM;
  }
  *impl = server;
  return RB_OK;
}

static int serve(void* impl, char* err, size_t err_len) {
  struct bev_server* server = impl;
  uint32_t started = 0;
  if (server->threads > 1)
    for (; started < server->loop_count; ++started)
      if (pthread_create(&server->loops[started].thread, NULL, worker_main,
                         &server->loops[started]) != 0)
        break;
  if (server->threads == 1 || started == server->loop_count)
    event_base_dispatch(server->accept_base);
  for (uint32_t i = 0; i < started; ++i) {
    const int stop = -1;
    if (write(server->loops[i].handoff[1], &stop, sizeof stop) < 0) continue;
  }
  for (uint32_t i = 0; i < started; ++i) pthread_join(server->loops[i].thread, NULL);
  evconnlistener_disable(server->listener);
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    while (server->loops[i].conns != NULL) close_conn(server->loops[i].conns);
    /* bufferevent_free only schedules the close; one more pass of the (stopped) loop runs the
     * finalizers, so every connection is closed when serve returns, as the ABI promises. */
    if (server->loops[i].base != NULL) event_base_loop(server->loops[i].base, EVLOOP_NONBLOCK);
  }
  if (server->threads > 1 && started < server->loop_count)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
  if (server->failed) return report_error(RB_ERR_SYSTEM, err, err_len, "%s", server->error);
  return RB_OK;
}

static void count(const void* impl, struct rr_counts* counts) {
  const struct bev_server* server = impl;
  counts->connections = server->connections;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    counts->requests += server->loops[i].requests;
    counts->bad_requests += server->loops[i].bad_requests;
  }
}

static void release(void* impl) {
  destroy(impl);
}

const struct rr_variant libevent2_rr_bufferevent = {
    .prepare = prepare,
    .serve = serve,
    .count = count,
    .release = release,
};
