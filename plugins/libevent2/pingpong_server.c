/* pipe2 */
#define _GNU_SOURCE

#include "pingpong_server.h"

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
#include "loop_options.h"
#include "pingpong_base.h"

struct lp_loop;

struct lp_conn {
  struct bufferevent* bev;
  struct lp_loop* loop;
  struct lp_conn* prev;
  struct lp_conn* next;
};

struct lp_loop {
  struct event_base* base;
  struct lp_conn* conns;
  uint64_t bytes_read;
  uint64_t bytes_queued; /* moved to the output buffers */
  uint64_t bytes_unsent; /* still in an output buffer when its connection closed */
  /* Worker loops only: the acceptor writes accepted fds (and -1 to stop) into the pipe. */
  int handoff[2];
  struct event* handoff_event;
  pthread_t thread;
  int started;
};

struct lp_server {
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  struct event_base* accept_base;
  struct evconnlistener* listener;
  struct event* stop_event;
  struct lp_loop* loops;
  uint32_t loop_count;
  uint32_t next_loop;
  uint64_t connections;
  int failed;
  char error[200];
};

static void close_conn(struct lp_conn* conn) {
  struct lp_loop* loop = conn->loop;
  loop->bytes_unsent += evbuffer_get_length(bufferevent_get_output(conn->bev));
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  bufferevent_free(conn->bev);
  free(conn);
}

static void echo_read_cb(struct bufferevent* bev, void* arg) {
  struct lp_conn* conn = arg;
  struct evbuffer* input = bufferevent_get_input(bev);
  const size_t n = evbuffer_get_length(input);
  conn->loop->bytes_read += n;
  conn->loop->bytes_queued += n;
  evbuffer_add_buffer(bufferevent_get_output(bev), input);
}

static void echo_event_cb(struct bufferevent* bev, short events, void* arg) {
  (void)bev;
  if (events & (BEV_EVENT_EOF | BEV_EVENT_ERROR)) close_conn(arg);
}

/* Runs in the thread of `loop`. */
static int start_conn(struct lp_loop* loop, int fd) {
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct lp_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) return -1;
  conn->bev = bufferevent_socket_new(loop->base, fd, BEV_OPT_CLOSE_ON_FREE);
  if (conn->bev == NULL) {
    free(conn);
    return -1;
  }
  conn->loop = loop;
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  bufferevent_setcb(conn->bev, echo_read_cb, NULL, echo_event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
  return 0;
}

static void handoff_cb(evutil_socket_t pipe_fd, short events, void* arg) {
  (void)events;
  struct lp_loop* loop = arg;
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
  struct lp_server* server = arg;
  server->connections++;
  if (server->threads == 1) {
    if (start_conn(&server->loops[0], fd) != 0) close(fd);
    return;
  }
  struct lp_loop* loop = &server->loops[server->next_loop++ % server->loop_count];
  const int value = fd;
  if (write(loop->handoff[1], &value, sizeof value) != (ssize_t)sizeof value) close(fd);
}

static void accept_error_cb(struct evconnlistener* listener, void* arg) {
  struct lp_server* server = arg;
  server->failed = 1;
  snprintf(server->error, sizeof server->error, "accept: %s", strerror(errno));
  event_base_loopbreak(evconnlistener_get_base(listener));
}

static void stop_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  event_base_loopbreak(arg);
}

static void* worker_main(void* arg) {
  struct lp_loop* loop = arg;
  event_base_dispatch(loop->base);
  return NULL;
}

static void destroy(struct lp_server* server) {
  if (server == NULL) return;
  if (server->listener != NULL) evconnlistener_free(server->listener);
  if (server->stop_event != NULL) event_free(server->stop_event);
  for (uint32_t i = 0; server->loops != NULL && i < server->loop_count; ++i) {
    struct lp_loop* loop = &server->loops[i];
    while (loop->conns != NULL) close_conn(loop->conns);
    if (loop->handoff_event != NULL) event_free(loop->handoff_event);
    if (loop->handoff[0] >= 0) close(loop->handoff[0]);
    if (loop->handoff[1] >= 0) close(loop->handoff[1]);
    if (loop->base != NULL && loop->base != server->accept_base) event_base_free(loop->base);
  }
  if (server->accept_base != NULL) event_base_free(server->accept_base);
  free(server->loops);
  free(server);
}

static int init_worker(struct lp_loop* loop, const struct loop_options* options, char* err,
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

static int prepare(const rb_host* host, const rb_pingpong_server_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  const size_t needed = offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size;
  if (params == NULL || params->struct_size < needed || params->threads == 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong server params missing, too small or with 0 threads");
  struct loop_options parsed;
  const int rc = parse_loop_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct lp_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->listen_fd = params->listen_fd;
  server->stop_fd = params->stop_fd;
  server->threads = params->threads;
  server->loop_count = params->threads;
  server->loops = calloc(server->loop_count, sizeof *server->loops);
  if (server->loops == NULL) {
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  for (uint32_t i = 0; i < server->loop_count; ++i)
    server->loops[i].handoff[0] = server->loops[i].handoff[1] = -1;
  server->accept_base = pingpong_new_base(&parsed, err, err_len);
  int ok = server->accept_base != NULL;
  if (ok && params->threads == 1) server->loops[0].base = server->accept_base;
  for (uint32_t i = 0; ok && params->threads > 1 && i < server->loop_count; ++i)
    ok = init_worker(&server->loops[i], &parsed, err, err_len) == 0;
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
  *state = server;
  return RB_OK;
}

static int serve(void* state, char* err, size_t err_len) {
  struct lp_server* server = state;
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

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  (void)err, (void)err_len;
  const struct lp_server* server = state;
  uint64_t bytes_read = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    const struct lp_loop* loop = &server->loops[i];
    bytes_read += loop->bytes_read;
    bytes_written += loop->bytes_queued - loop->bytes_unsent;
  }
  sink->put(sink->ctx, "connections", server->connections);
  sink->put(sink->ctx, "bytes_read", bytes_read);
  sink->put(sink->ctx, "bytes_written", bytes_written);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_server_ops libevent2_pingpong_server_ops = {
    .struct_size = sizeof(rb_pingpong_server_ops),
    .prepare = prepare,
    .serve = serve,
    .counters = counters,
    .release = release,
};
