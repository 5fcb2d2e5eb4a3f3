#include "server_loops.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"

static void fail(struct server_loops* loops, struct ev_loop* loop, const char* what, int error) {
  if (!loops->failed) {
    loops->failed = 1;
    snprintf(loops->failure, sizeof loops->failure, "%s: %s", what, strerror(error));
  }
  ev_break(loop, EVBREAK_ALL);
}

void server_conn_close(struct server_conn* conn) {
  struct serving_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  conn_io_close(loop->ev, &conn->io);
  held_input_free(&conn->held);
  free(conn);
}

void server_conn_close_when_flushed(struct server_conn* conn) {
  conn->closing = 1;
  conn_io_stop_reading(conn->loop->ev, &conn->io);
  if (!out_buffer_pending(&conn->io.out)) server_conn_close(conn);
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct server_conn* conn = watcher->data;
  const int rc = conn_io_flush(ev, &conn->io, &conn->loop->counts.bytes_written);
  if (rc < 0 || (rc == 1 && conn->closing)) {
    server_conn_close(conn);
  } else if (rc == 1 && !server_conn_reading(conn)) {
    /* Out, after a stop above the high-water mark: read on, after what was held. */
    conn_io_start_reading(ev, &conn->io);
    void (*drained)(struct server_conn*) = conn->loop->protocol->drained;
    if (drained != NULL) drained(conn);
  }
}

/* Takes over a connected, non-blocking, TCP_NODELAY socket on loop `index`, in that loop's
 * thread; closes it if it cannot serve it. */
static void start_connection(struct server_loops* loops, uint32_t index, int fd) {
  const struct server_protocol* protocol = &loops->protocol;
  struct serving_loop* loop = &loops->serving[index];
  struct server_conn* conn = calloc(1, protocol->conn_size);
  if (conn == NULL) {
    close(fd);
    return;
  }
  conn->loop = loop;
  if (protocol->init_conn != NULL) protocol->init_conn(conn);
  conn_io_init(&conn->io, fd, protocol->on_readable, on_writable, conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  conn_io_start_reading(loop->ev, &conn->io);
}

static void close_connections(struct serving_loop* loop) {
  while (loop->conns != NULL) server_conn_close(loop->conns);
}

/* Runs in the worker's thread: starts what the acceptor handed over, then stops if asked. */
static void on_wake(struct ev_loop* loop, ev_async* wake, int revents) {
  (void)revents;
  struct server_worker* worker = wake->data;
  const int stopping = fd_handoff_take(&worker->handoff);
  for (size_t i = 0; i < worker->handoff.taken_count; ++i)
    start_connection(worker->owner, worker->index, worker->handoff.taken[i]);
  worker->handoff.taken_count = 0;
  if (stopping) {
    ev_break(loop, EVBREAK_ALL);
  }
}

static int hand_over(struct server_loops* loops, int fd) {
  if (loops->count == 1) {
    start_connection(loops, 0, fd);
    return 0;
  }
  struct server_worker* worker = &loops->workers[loops->next_worker];
  loops->next_worker = (loops->next_worker + 1) % loops->count;
  if (fd_handoff_push(&worker->handoff, fd) != 0) {
    return -1;
  }
  ev_async_send(worker->loop, &worker->wake);
  return 0;
}

static void on_acceptable(struct ev_loop* loop, ev_io* watcher, int revents) {
  (void)revents;
  struct server_loops* loops = watcher->data;
  for (;;) {
    const int fd = server_acceptor_next(&loops->tally.acceptor);
    if (fd < 0) {
      if (errno != EAGAIN) {
        fail(loops, loop, "accept4", errno);
      }
      return;
    }
    loops->tally.connections += 1;
    if (hand_over(loops, fd) != 0) {
      close(fd);
      fail(loops, loop, "handing a connection to a worker", ENOMEM);
      return;
    }
  }
}

static void on_stop(struct ev_loop* loop, ev_io* watcher, int revents) {
  (void)watcher;
  (void)revents;
  ev_break(loop, EVBREAK_ALL);
}

static void* worker_main(void* arg) {
  struct server_worker* worker = arg;
  ev_run(worker->loop, 0);
  return NULL;
}

static int init_worker(struct server_loops* loops, uint32_t index,
                       const struct loop_options* options, char* err, size_t err_len) {
  struct server_worker* worker = &loops->workers[index];
  worker->owner = loops;
  worker->index = index;
  if (fd_handoff_init(&worker->handoff) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_mutex_init failed");
  const int rc = new_loop(options, &worker->loop, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  ev_async_init(&worker->wake, on_wake);
  worker->wake.data = worker;
  ev_async_start(worker->loop, &worker->wake);
  return RB_OK;
}

static int init_serving(struct server_loops* loops, const rb_http_responses* responses, char* err,
                        size_t err_len) {
  loops->serving = calloc(loops->count, sizeof *loops->serving);
  if (loops->serving == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", loops->count);
  loops->tally.loop_counts = &loops->serving[0].counts;
  loops->tally.stride = sizeof loops->serving[0];
  loops->tally.loops = loops->count;
  for (uint32_t i = 0; i < loops->count; ++i) {
    struct serving_loop* loop = &loops->serving[i];
    loop->ev = loops->count == 1 ? loops->accept_loop : loops->workers[i].loop;
    loop->responses = responses;
    loop->protocol = &loops->protocol;
    loop->buffer = malloc(kServerReadBufferSize);
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for read buffers");
  }
  return RB_OK;
}

int server_loops_open(void* server, const void* protocol, const struct server_setup* setup,
                      const rb_option_value* values, char* err, size_t err_len) {
  struct server_loops* loops = server;
  const struct server_protocol* served = protocol;
  struct loop_options parsed;
  loop_options_from(values, &parsed);
  const int listen_fd = setup->listen_fd, stop_fd = setup->stop_fd;
  const uint32_t threads = setup->threads;
  server_acceptor_init(&loops->tally.acceptor, listen_fd);
  /* libev aborts the process on a watcher for a negative fd. */
  if (listen_fd < 0 || stop_fd < 0) {
    server_acceptor_close(&loops->tally.acceptor);
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "listen_fd %d and stop_fd %d must both be fds", listen_fd, stop_fd);
  }
  loops->stop_fd = stop_fd;
  loops->count = threads;
  loops->protocol = *served;
  int rc = new_loop(&parsed, &loops->accept_loop, err, err_len);
  if (rc == RB_OK && threads > 1) {
    loops->workers = calloc(threads, sizeof *loops->workers);
    if (loops->workers == NULL) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", threads);
    }
    for (uint32_t i = 0; rc == RB_OK && i < threads; ++i) {
      rc = init_worker(loops, i, &parsed, err, err_len);
    }
  }
  if (rc == RB_OK) rc = init_serving(loops, setup->responses, err, err_len);
  if (rc != RB_OK) {
    server_loops_close(loops);
    return rc;
  }
  ev_io_init(&loops->accept_watcher, on_acceptable, listen_fd, EV_READ);
  loops->accept_watcher.data = loops;
  ev_io_init(&loops->stop_watcher, on_stop, stop_fd, EV_READ);
  ev_io_start(loops->accept_loop, &loops->accept_watcher);
  ev_io_start(loops->accept_loop, &loops->stop_watcher);
  return RB_OK;
}

static void stop_worker(struct server_worker* worker) {
  fd_handoff_stop(&worker->handoff);
  ev_async_send(worker->loop, &worker->wake);
}

int server_loops_serve(void* server, char* err, size_t err_len) {
  struct server_loops* loops = server;
  uint32_t started = 0;
  int rc = RB_OK;
  for (; loops->count > 1 && started < loops->count; ++started) {
    const int error = pthread_create(&loops->workers[started].thread, NULL, worker_main,
                                     &loops->workers[started]);
    if (error != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(error));
      break;
    }
  }
  if (rc == RB_OK) {
    ev_run(loops->accept_loop, 0);
  }
  for (uint32_t i = 0; i < started; ++i) {
    stop_worker(&loops->workers[i]);
  }
  for (uint32_t i = 0; i < started; ++i) {
    pthread_join(loops->workers[i].thread, NULL);
  }
  for (uint32_t i = 0; i < loops->count; ++i) close_connections(&loops->serving[i]);
  if (rc == RB_OK && loops->failed) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "%s", loops->failure);
  }
  return rc;
}

void server_loops_close(void* server) {
  struct server_loops* loops = server;
  for (uint32_t i = 0; loops->serving != NULL && i < loops->count; ++i) {
    if (loops->serving[i].ev != NULL) close_connections(&loops->serving[i]);
    free(loops->serving[i].buffer);
  }
  free(loops->serving);
  loops->serving = NULL;
  for (uint32_t i = 0; loops->workers != NULL && i < loops->count; ++i) {
    struct server_worker* worker = &loops->workers[i];
    if (worker->owner == NULL) {
      break; /* init_worker never reached it, nor any after it */
    }
    if (worker->loop != NULL) {
      ev_async_stop(worker->loop, &worker->wake);
      ev_loop_destroy(worker->loop);
    }
    fd_handoff_free(&worker->handoff);
  }
  free(loops->workers);
  loops->workers = NULL;
  if (loops->accept_loop != NULL) {
    ev_io_stop(loops->accept_loop, &loops->accept_watcher);
    ev_io_stop(loops->accept_loop, &loops->stop_watcher);
    ev_loop_destroy(loops->accept_loop);
    loops->accept_loop = NULL;
  }
  server_acceptor_close(&loops->tally.acceptor);
}
