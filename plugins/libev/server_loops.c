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

/* Runs in the worker's thread: starts what the acceptor handed over, then stops if asked. */
static void on_wake(struct ev_loop* loop, ev_async* wake, int revents) {
  (void)revents;
  struct server_worker* worker = wake->data;
  pthread_mutex_lock(&worker->lock);
  fd_queue_swap(&worker->incoming, &worker->taken);
  const int stopping = worker->stopping;
  pthread_mutex_unlock(&worker->lock);
  const struct server_protocol* protocol = &worker->owner->protocol;
  for (size_t i = 0; i < worker->taken.size; ++i) {
    protocol->start_connection(protocol->ctx, worker->index, loop, worker->taken.fds[i]);
  }
  worker->taken.size = 0;
  if (stopping) {
    ev_break(loop, EVBREAK_ALL);
  }
}

static int hand_over(struct server_loops* loops, int fd) {
  if (loops->count == 1) {
    loops->protocol.start_connection(loops->protocol.ctx, 0, loops->accept_loop, fd);
    return 0;
  }
  struct server_worker* worker = &loops->workers[loops->next_worker];
  loops->next_worker = (loops->next_worker + 1) % loops->count;
  pthread_mutex_lock(&worker->lock);
  const int pushed = fd_queue_push(&worker->incoming, fd);
  pthread_mutex_unlock(&worker->lock);
  if (pushed != 0) {
    return -1;
  }
  ev_async_send(worker->loop, &worker->wake);
  return 0;
}

static void on_acceptable(struct ev_loop* loop, ev_io* watcher, int revents) {
  (void)revents;
  struct server_loops* loops = watcher->data;
  for (;;) {
    const int fd = server_acceptor_next(&loops->acceptor);
    if (fd < 0) {
      if (errno != EAGAIN) {
        fail(loops, loop, "accept4", errno);
      }
      return;
    }
    loops->connections += 1;
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
  pthread_mutex_init(&worker->lock, NULL);
  const int rc = new_loop(options, &worker->loop, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  ev_async_init(&worker->wake, on_wake);
  worker->wake.data = worker;
  ev_async_start(worker->loop, &worker->wake);
  return RB_OK;
}

int server_loops_init(struct server_loops* loops, int listen_fd, int stop_fd, uint32_t threads,
                      const struct loop_options* options, const struct server_protocol* protocol,
                      char* err, size_t err_len) {
  memset(loops, 0, sizeof *loops);
  server_acceptor_init(&loops->acceptor, listen_fd);
  /* libev aborts the process on a watcher for a negative fd. */
  if (listen_fd < 0 || stop_fd < 0) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "listen_fd %d and stop_fd %d must both be fds", listen_fd, stop_fd);
  }
  loops->stop_fd = stop_fd;
  loops->count = threads;
  loops->protocol = *protocol;
  int rc = new_loop(options, &loops->accept_loop, err, err_len);
  if (rc == RB_OK && threads > 1) {
    loops->workers = calloc(threads, sizeof *loops->workers);
    if (loops->workers == NULL) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", threads);
    }
    for (uint32_t i = 0; rc == RB_OK && i < threads; ++i) {
      rc = init_worker(loops, i, options, err, err_len);
    }
  }
  if (rc != RB_OK) {
    server_loops_free(loops);
    return rc;
  }
  ev_io_init(&loops->accept_watcher, on_acceptable, listen_fd, EV_READ);
  loops->accept_watcher.data = loops;
  ev_io_init(&loops->stop_watcher, on_stop, stop_fd, EV_READ);
  ev_io_start(loops->accept_loop, &loops->accept_watcher);
  ev_io_start(loops->accept_loop, &loops->stop_watcher);
  return RB_OK;
}

struct ev_loop* server_loops_loop(const struct server_loops* loops, uint32_t index) {
  return loops->count == 1 ? loops->accept_loop : loops->workers[index].loop;
}

static void stop_worker(struct server_worker* worker) {
  pthread_mutex_lock(&worker->lock);
  worker->stopping = 1;
  pthread_mutex_unlock(&worker->lock);
  ev_async_send(worker->loop, &worker->wake);
}

int server_loops_serve(struct server_loops* loops, char* err, size_t err_len) {
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
  for (uint32_t i = 0; i < loops->count; ++i) {
    loops->protocol.close_connections(loops->protocol.ctx, i, server_loops_loop(loops, i));
  }
  if (rc == RB_OK && loops->failed) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "%s", loops->failure);
  }
  return rc;
}

void server_loops_free(struct server_loops* loops) {
  for (uint32_t i = 0; loops->workers != NULL && i < loops->count; ++i) {
    struct server_worker* worker = &loops->workers[i];
    if (worker->owner == NULL) {
      break; /* init_worker never reached it, nor any after it */
    }
    if (worker->loop != NULL) {
      ev_async_stop(worker->loop, &worker->wake);
      ev_loop_destroy(worker->loop);
    }
    fd_queue_free(&worker->incoming);
    fd_queue_free(&worker->taken);
    pthread_mutex_destroy(&worker->lock);
  }
  free(loops->workers);
  loops->workers = NULL;
  if (loops->accept_loop != NULL) {
    ev_io_stop(loops->accept_loop, &loops->accept_watcher);
    ev_io_stop(loops->accept_loop, &loops->stop_watcher);
    ev_loop_destroy(loops->accept_loop);
    loops->accept_loop = NULL;
  }
  server_acceptor_close(&loops->acceptor);
}
