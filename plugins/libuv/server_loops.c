#include "server_loops.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "reactorbench/plugin.h"
#include "sigpipe_guard.h"

static void fail(struct server_group* group, const char* what, int error_number) {
  if (group->failed) return;
  group->failed = 1;
  snprintf(group->error, sizeof group->error, "%s: %s", what, strerror(error_number));
}

static void serve_here(struct server_loop* loop, int fd) {
  if (loop->group->handler->open_connection(loop, fd) != 0) close(fd);
}

/* Runs on the worker's thread: opens what the acceptor queued, or closes everything at stop. */
static void on_wake(uv_async_t* wake) {
  struct server_loop* loop = wake->data;
  pthread_mutex_lock(&loop->lock);
  fd_queue_swap(&loop->incoming, &loop->opening);
  const int stop = loop->stop;
  pthread_mutex_unlock(&loop->lock);
  if (stop) {
    fd_queue_close_all(&loop->opening);
    loop->group->handler->close_connections(loop);
    close_handle((uv_handle_t*)&loop->wake, NULL);
    return;
  }
  for (size_t i = 0; i < loop->opening.size; ++i) serve_here(loop, loop->opening.fds[i]);
  loop->opening.size = 0;
}

static void hand_off(struct server_group* group, int fd) {
  struct server_loop* loop = &group->loops[group->next_loop++ % group->threads];
  pthread_mutex_lock(&loop->lock);
  const int queued = fd_queue_push(&loop->incoming, fd) == 0;
  pthread_mutex_unlock(&loop->lock);
  if (!queued) {
    close(fd);
    return;
  }
  uv_async_send(&loop->wake);
}

static void tell_worker_to_stop(struct server_loop* loop) {
  pthread_mutex_lock(&loop->lock);
  loop->stop = 1;
  pthread_mutex_unlock(&loop->lock);
  uv_async_send(&loop->wake);
}

static void begin_stop(struct server_group* group) {
  close_handle((uv_handle_t*)&group->listen_poll, NULL);
  close_handle((uv_handle_t*)&group->stop_poll, NULL);
  if (group->threads == 1) {
    group->handler->close_connections(&group->loops[0]);
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
    const int fd = server_acceptor_next(&group->listener);
    if (fd < 0) {
      if (errno == EAGAIN) return;
      fail(group, "accept4", errno);
      begin_stop(group);
      return;
    }
    group->connections++;
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
  fd_queue_init(&loop->incoming);
  fd_queue_init(&loop->opening);
  if (pthread_mutex_init(&loop->lock, NULL) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_mutex_init failed");
  loop->lock_ready = 1;
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
    const int rc = uv_loop_init(&loop->uv);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
    loop->uv_ready = 1;
    if (group->threads > 1 && init_worker(loop, err, err_len) != RB_OK) return RB_ERR_SYSTEM;
  }
  if (group->threads == 1) {
    group->acceptor = &group->loops[0].uv;
    return RB_OK;
  }
  const int rc = uv_loop_init(&group->accept_uv);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
  group->accept_uv_ready = 1;
  group->acceptor = &group->accept_uv;
  return RB_OK;
}

int server_group_init(struct server_group* group, const struct server_handler* handler,
                      int listen_fd, int stop_fd, uint32_t threads, char* err, size_t err_len) {
  memset(group, 0, sizeof *group);
  group->handler = handler;
  server_acceptor_init(&group->listener, listen_fd);
  group->threads = threads;
  group->loops = calloc(threads, sizeof *group->loops);
  if (group->loops == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops", threads);
  int rc = init_loops(group, err, err_len);
  if (rc != RB_OK) return rc;
  rc = uv_poll_init(group->acceptor, &group->listen_poll, listen_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on listen_fd %d: %s", listen_fd,
                        uv_strerror(rc));
  group->listen_poll.data = group;
  rc = uv_poll_init(group->acceptor, &group->stop_poll, stop_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on stop_fd %d: %s", stop_fd,
                        uv_strerror(rc));
  group->stop_poll.data = group;
  return RB_OK;
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

int server_group_serve(struct server_group* group, char* err, size_t err_len) {
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

void server_group_destroy(struct server_group* group) {
  for (uint32_t i = 0; group->loops != NULL && i < group->threads; ++i) {
    struct server_loop* loop = &group->loops[i];
    if (!loop->uv_ready) continue;
    if (loop->data != NULL) group->handler->close_connections(loop);
    close_loop(&loop->uv);
    fd_queue_free(&loop->incoming);
    fd_queue_free(&loop->opening);
    if (loop->lock_ready) pthread_mutex_destroy(&loop->lock);
  }
  if (group->accept_uv_ready) close_loop(&group->accept_uv);
  server_acceptor_close(&group->listener);
  free(group->loops);
  group->loops = NULL;
}
