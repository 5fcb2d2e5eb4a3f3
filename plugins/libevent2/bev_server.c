/* pipe2 */
#define _GNU_SOURCE

#include "bev_server.h"

#include <errno.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error_message.h"
#include "pingpong_base.h"
#include "reactorbench/plugin.h"
#include "server_acceptor.h"

void bev_conn_close(struct bev_conn* conn) {
  struct bev_server_loop* loop = conn->loop;
  const struct bev_protocol* protocol = &loop->owner->protocol;
  if (protocol->closing != NULL) protocol->closing(conn);
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  bufferevent_free(conn->bev);
  free(conn);
}

/* Runs in the thread of `loop`. */
static int start_conn(struct bev_server_loop* loop, int fd) {
  const struct bev_protocol* protocol = &loop->owner->protocol;
  struct bev_conn* conn = calloc(1, protocol->conn_size);
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
  protocol->start(conn);
  return 0;
}

static void handoff_cb(evutil_socket_t pipe_fd, short events, void* arg) {
  (void)events;
  struct bev_server_loop* loop = arg;
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

static void take_conn(struct bev_server* server, int fd) {
  server->tally.connections++;
  if (server->threads == 1) {
    if (start_conn(&server->loops[0], fd) != 0) close(fd);
    return;
  }
  struct bev_server_loop* loop = &server->loops[server->next_loop++ % server->loop_count];
  const int value = fd;
  if (write(loop->handoff[1], &value, sizeof value) != (ssize_t)sizeof value) close(fd);
}

static void accept_cb(evutil_socket_t listen_fd, short events, void* arg) {
  (void)listen_fd, (void)events;
  struct bev_server* server = arg;
  for (;;) {
    const int fd = server_acceptor_next(&server->tally.acceptor);
    if (fd >= 0) {
      take_conn(server, fd);
    } else {
      if (errno != EAGAIN) {
        server->failed = 1;
        snprintf(server->error, sizeof server->error, "accept: %s", strerror(errno));
        event_base_loopbreak(server->accept_base);
      }
      return;
    }
  }
}

static void stop_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  event_base_loopbreak(arg);
}

static void* worker_main(void* arg) {
  struct bev_server_loop* loop = arg;
  event_base_dispatch(loop->base);
  return NULL;
}

void bev_server_close(void* state) {
  struct bev_server* server = state;
  if (server->accept_event != NULL) event_free(server->accept_event);
  if (server->stop_event != NULL) event_free(server->stop_event);
  for (uint32_t i = 0; server->loops != NULL && i < server->loop_count; ++i) {
    struct bev_server_loop* loop = &server->loops[i];
    while (loop->conns != NULL) bev_conn_close(loop->conns);
    if (loop->handoff_event != NULL) event_free(loop->handoff_event);
    if (loop->handoff[0] >= 0) close(loop->handoff[0]);
    if (loop->handoff[1] >= 0) close(loop->handoff[1]);
    if (loop->base != NULL && loop->base != server->accept_base) event_base_free(loop->base);
  }
  if (server->accept_base != NULL) event_base_free(server->accept_base);
  free(server->loops);
  server_acceptor_close(&server->tally.acceptor);
  memset(server, 0, sizeof *server);
  server->tally.acceptor.spare_fd = -1;
}

static int init_worker(struct bev_server_loop* loop, const struct loop_options* options, char* err,
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

static int init_server(struct bev_server* server, const struct server_setup* setup,
                       const struct loop_options* options, char* err, size_t err_len) {
  const int listen_fd = setup->listen_fd, stop_fd = setup->stop_fd;
  const uint32_t threads = setup->threads;
  server->stop_fd = stop_fd;
  server->threads = threads;
  server->loop_count = threads;
  server->loops = calloc(threads, sizeof *server->loops);
  if (server->loops == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", threads);
  for (uint32_t i = 0; i < threads; ++i) {
    server->loops[i].owner = server;
    server->loops[i].index = i;
    server->loops[i].handoff[0] = server->loops[i].handoff[1] = -1;
    server->loops[i].responses = setup->responses;
  }
  server->tally.loop_counts = &server->loops[0].counts;
  server->tally.stride = sizeof server->loops[0];
  server->tally.loops = threads;
  server->accept_base = pingpong_new_base(options, err, err_len);
  if (server->accept_base == NULL) return RB_ERR_SYSTEM;
  if (threads == 1) server->loops[0].base = server->accept_base;
  for (uint32_t i = 0; threads > 1 && i < threads; ++i)
    if (init_worker(&server->loops[i], options, err, err_len) != 0) return RB_ERR_SYSTEM;
  server->accept_event =
      event_new(server->accept_base, listen_fd, EV_READ | EV_PERSIST, accept_cb, server);
  server->stop_event =
      event_new(server->accept_base, stop_fd, EV_READ, stop_cb, server->accept_base);
  if (server->accept_event == NULL || server->stop_event == NULL ||
      event_add(server->accept_event, NULL) != 0 || event_add(server->stop_event, NULL) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot listen or watch stop_fd");
  return RB_OK;
}

int bev_server_open(void* state, const void* protocol, const struct server_setup* setup,
                    const rb_option_value* values, char* err, size_t err_len) {
  struct bev_server* server = state;
  struct loop_options loop;
  const int rc = loop_options_from(values, &loop, err, err_len);
  if (rc != RB_OK) return rc;
  server_acceptor_init(&server->tally.acceptor, setup->listen_fd);
  server->protocol = *(const struct bev_protocol*)protocol;
  const int init_rc = init_server(server, setup, &loop, err, err_len);
  if (init_rc != RB_OK) bev_server_close(server);
  return init_rc;
}

int bev_server_serve(void* state, char* err, size_t err_len) {
  struct bev_server* server = state;
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
  event_del(server->accept_event);
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    while (server->loops[i].conns != NULL) bev_conn_close(server->loops[i].conns);
    /* bufferevent_free only schedules the close; one more pass of the (stopped) loop runs the
     * finalizers, so every connection is closed when serve returns, as the ABI promises. */
    if (server->loops[i].base != NULL) event_base_loop(server->loops[i].base, EVLOOP_NONBLOCK);
  }
  if (server->threads > 1 && started < server->loop_count)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
  if (server->failed) return report_error(RB_ERR_SYSTEM, err, err_len, "%s", server->error);
  return RB_OK;
}
