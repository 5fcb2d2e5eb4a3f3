#include "server_loops.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "options.h"
#include "reactorbench/plugin.h"
#include "sigpipe_guard.h"

static void fail(struct server_group* group, const char* what, int error_number) {
  if (group->failed) return;
  group->failed = 1;
  snprintf(group->error, sizeof group->error, "%s: %s", what, strerror(error_number));
}

static void on_conn_closed(uv_handle_t* handle) {
  struct server_conn* conn = handle->data;
  struct server_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  held_input_free(&conn->held);
  free(conn);
}

void server_conn_close(struct server_conn* conn) {
  close_handle((uv_handle_t*)&conn->tcp, on_conn_closed);
}

static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf) {
  (void)suggested_size;
  const struct server_conn* conn = handle->data;
  *buf = uv_buf_init(conn->loop->buffer, (unsigned int)conn->loop->buffer_size);
}

int server_conn_drained(struct server_conn* conn) {
  if (!conn->above_high_water) return 1;
  conn->above_high_water = 0;
  if (uv_read_start((uv_stream_t*)&conn->tcp, on_alloc, conn->loop->group->protocol.on_read) == 0)
    return 0;
  server_conn_close(conn);
  return -1;
}

int server_conn_hold(struct server_conn* conn, const char* data, size_t n) {
  if (held_input_keep(&conn->held, data, n) == 0) return 0;
  server_conn_close(conn);
  return -1;
}

/* Serves an accepted, non-blocking fd on `loop`. 0 once a handle owns the fd (even if that
 * handle is already closing again); a libuv error while the fd is still the caller's. */
static int open_connection(struct server_loop* loop, int fd) {
  const struct server_protocol* protocol = &loop->group->protocol;
  struct server_conn* conn = calloc(1, protocol->conn_size);
  if (conn == NULL) return UV_ENOMEM;
  int rc = uv_tcp_init(&loop->uv, &conn->tcp);
  if (rc != 0) {
    free(conn);
    return rc;
  }
  conn->tcp.data = conn;
  conn->loop = loop;
  if (protocol->init_conn != NULL) protocol->init_conn(conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  rc = uv_tcp_open(&conn->tcp, fd);
  if (rc != 0) {
    server_conn_close(conn); /* the handle never took the fd: the caller closes it */
    return rc;
  }
  uv_tcp_nodelay(&conn->tcp, 1);
  if (uv_read_start((uv_stream_t*)&conn->tcp, on_alloc, protocol->on_read) != 0)
    server_conn_close(conn);
  return 0;
}

/* Starts closing every connection of `loop`; their close callbacks free them. Called at stop
 * and again at teardown, so a connection already closing is skipped. */
static void close_connections(struct server_loop* loop) {
  for (struct server_conn* conn = loop->conns; conn != NULL; conn = conn->next)
    server_conn_close(conn);
}

static void serve_here(struct server_loop* loop, int fd) {
  if (open_connection(loop, fd) != 0) close(fd);
}

/* Runs on the worker's thread: opens what the acceptor queued, or closes everything at stop. */
static void on_wake(uv_async_t* wake) {
  struct server_loop* loop = wake->data;
  const int stop = fd_handoff_take(&loop->handoff);
  if (stop) {
    fd_handoff_close_taken(&loop->handoff);
    close_connections(loop);
    close_handle((uv_handle_t*)&loop->wake, NULL);
    return;
  }
  for (size_t i = 0; i < loop->handoff.taken_count; ++i) serve_here(loop, loop->handoff.taken[i]);
  loop->handoff.taken_count = 0;
}

static void hand_off(struct server_group* group, int fd) {
  struct server_loop* loop = &group->loops[group->next_loop++ % group->threads];
  if (fd_handoff_push(&loop->handoff, fd) != 0) {
    close(fd);
    return;
  }
  uv_async_send(&loop->wake);
}

static void tell_worker_to_stop(struct server_loop* loop) {
  fd_handoff_stop(&loop->handoff);
  uv_async_send(&loop->wake);
}

static void begin_stop(struct server_group* group) {
  close_handle((uv_handle_t*)&group->listen_poll, NULL);
  close_handle((uv_handle_t*)&group->stop_poll, NULL);
  if (group->threads == 1) {
    close_connections(&group->loops[0]);
    return;
  }
  for (uint32_t i = 0; i < group->started_threads; ++i) tell_worker_to_stop(&group->loops[i]);
}

static void on_listen_readable(uv_poll_t* poll, int status, int events) {
  (void)events;
  struct server_group* group = poll->data;
  if (status < 0) {
    fail(group, "polling the listening socket", -status);
    begin_stop(group);
    return;
  }
  for (;;) {
    const int fd = server_acceptor_next(&group->tally.acceptor);
    if (fd < 0) {
      if (errno == EAGAIN) return;
      fail(group, "accept4", errno);
      begin_stop(group);
      return;
    }
    group->tally.connections++;
    if (group->threads == 1)
      serve_here(&group->loops[0], fd);
    else
      hand_off(group, fd);
  }
}

static void on_stop_readable(uv_poll_t* poll, int status, int events) {
  (void)status, (void)events;
  begin_stop(poll->data);
}

static void* worker_main(void* arg) {
  struct server_loop* loop = arg;
  uv_run(&loop->uv, UV_RUN_DEFAULT);
  return NULL;
}

static int init_worker(struct server_loop* loop, char* err, size_t err_len) {
  if (fd_handoff_init(&loop->handoff) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_mutex_init failed");
  const int rc = uv_async_init(&loop->uv, &loop->wake, on_wake);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_async_init: %s", uv_strerror(rc));
  loop->wake.data = loop;
  return RB_OK;
}

static int init_loops(struct server_group* group, char* err, size_t err_len) {
  for (uint32_t i = 0; i < group->threads; ++i) {
    struct server_loop* loop = &group->loops[i];
    loop->group = group;
    if (open_loop(&loop->uv, &loop->uv_ready, err, err_len) != RB_OK) return RB_ERR_SYSTEM;
    if (group->threads > 1 && init_worker(loop, err, err_len) != RB_OK) return RB_ERR_SYSTEM;
  }
  if (group->threads == 1) {
    group->acceptor = &group->loops[0].uv;
    return RB_OK;
  }
  group->acceptor = &group->accept_uv;
  return open_loop(&group->accept_uv, &group->accept_uv_ready, err, err_len);
}

static int init_group(struct server_group* group, const struct server_setup* setup,
                      uint32_t read_size, char* err, size_t err_len) {
  group->loops = calloc(group->threads, sizeof *group->loops);
  if (group->loops == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", group->threads);
  int rc = init_loops(group, err, err_len);
  if (rc != RB_OK) return rc;
  group->tally.loop_counts = &group->loops[0].counts;
  group->tally.stride = sizeof group->loops[0];
  group->tally.loops = group->threads;
  for (uint32_t i = 0; i < group->threads; ++i) {
    struct server_loop* loop = &group->loops[i];
    loop->responses = setup->responses;
    loop->buffer = malloc(read_size);
    loop->buffer_size = read_size;
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte read buffer",
                          read_size);
  }
  rc = uv_poll_init(group->acceptor, &group->listen_poll, setup->listen_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on listen_fd %d: %s",
                        setup->listen_fd, uv_strerror(rc));
  group->listen_poll.data = group;
  rc = uv_poll_init(group->acceptor, &group->stop_poll, setup->stop_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on stop_fd %d: %s",
                        setup->stop_fd, uv_strerror(rc));
  group->stop_poll.data = group;
  return RB_OK;
}

int server_group_open(void* server, const void* protocol, const struct server_setup* setup,
                      const rb_option_value* values, char* err, size_t err_len) {
  struct server_group* group = server;
  const struct server_protocol* served = protocol;
  struct libuv_options parsed;
  libuv_options_from(values, &parsed);
  group->protocol = *served;
  server_acceptor_init(&group->tally.acceptor, setup->listen_fd);
  group->threads = setup->threads;
  const int rc = init_group(group, setup, parsed.read_size, err, err_len);
  if (rc != RB_OK) server_group_close(group);
  return rc;
}

static int start_workers(struct server_group* group) {
  for (; group->started_threads < group->threads; ++group->started_threads) {
    struct server_loop* loop = &group->loops[group->started_threads];
    const int rc = pthread_create(&loop->thread, NULL, worker_main, loop);
    if (rc != 0) {
      fail(group, "pthread_create", rc);
      return -1;
    }
  }
  return 0;
}

int server_group_serve(void* server, char* err, size_t err_len) {
  struct server_group* group = server;
  struct sigpipe_guard guard;
  sigpipe_guard_enter(&guard); /* before the workers start: they inherit the mask */
  int started = group->threads == 1 || start_workers(group) == 0;
  if (started) {
    const int listen_rc = uv_poll_start(&group->listen_poll, UV_READABLE, on_listen_readable);
    const int stop_rc = uv_poll_start(&group->stop_poll, UV_READABLE, on_stop_readable);
    if (listen_rc != 0 || stop_rc != 0) {
      fail(group, "uv_poll_start", -(listen_rc != 0 ? listen_rc : stop_rc));
      started = 0;
    }
  }
  if (!started) begin_stop(group);
  uv_run(group->acceptor, UV_RUN_DEFAULT);
  for (uint32_t i = 0; group->threads > 1 && i < group->started_threads; ++i)
    pthread_join(group->loops[i].thread, NULL);
  group->started_threads = 0;
  sigpipe_guard_leave(&guard);
  if (group->failed) return report_error(RB_ERR_SYSTEM, err, err_len, "%s", group->error);
  return RB_OK;
}

static void free_writes(struct server_loop* loop) {
  while (loop->free_writes != NULL) {
    struct pooled_write* write = loop->free_writes;
    loop->free_writes = write->next_free;
    free(write);
  }
}

void server_group_close(void* server) {
  struct server_group* group = server;
  for (uint32_t i = 0; group->loops != NULL && i < group->threads; ++i) {
    struct server_loop* loop = &group->loops[i];
    if (!loop->uv_ready) continue;
    close_connections(loop);
    close_loop(&loop->uv); /* runs the cancelled writes' callbacks, which give them back */
    free_writes(loop);
    free(loop->buffer);
    fd_handoff_free(&loop->handoff);
  }
  if (group->accept_uv_ready) close_loop(&group->accept_uv);
  server_acceptor_close(&group->tally.acceptor);
  free(group->loops);
  group->loops = NULL;
}
