#include "rr_server.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "abi_tables.h"
#include "error_message.h"
#include "options.h"
#include "rr_loop.h"
#include "server_acceptor.h"
#include "server_counters.h"
#include "server_params.h"

enum { kDefaultMaxEvents = 1024 };

struct rr_server {
  struct server_acceptor acceptor;
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  int accept_epoll; /* threads > 1 only */
  struct epoll_event accept_events[2];
  uint64_t accept_iterations;
  struct rr_loop* loops;
  uint32_t loop_count;
  uint32_t next_loop;
  uint64_t connections;
  rb_http_responses responses;
};

/* epoll data for the fds that are not connections. */
static char kListenTag, kStopTag, kWakeTag;

static int watch(int epoll_fd, int fd, void* tag) {
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = tag};
  return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev);
}

/* Accepts every pending connection. Returns RB_OK or an error for the host. */
static int accept_all(struct rr_server* server, char* err, size_t err_len) {
  for (;;) {
    const int fd = server_acceptor_next(&server->acceptor);
    if (fd < 0) {
      if (errno == EAGAIN) return RB_OK;
      return report_error(RB_ERR_SYSTEM, err, err_len, "accept4: %s", strerror(errno));
    }
    struct rr_loop* loop = &server->loops[server->next_loop++ % server->loop_count];
    if (rr_loop_add_conn(loop, fd) != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "registering a connection: %s",
                          strerror(errno));
    server->connections++;
  }
}

/* Runs one loop until its stop (or wake) fd is readable or accepting fails. The acceptor of
 * threads > 1 runs here too, with a loop that only ever reports the two tags. */
static int run_loop(struct rr_server* server, struct rr_loop* loop, struct epoll_event* events,
                    int max_events, uint64_t* iterations, char* err, size_t err_len) {
  for (;;) {
    const int n = epoll_wait(loop->epoll_fd, events, max_events, rr_stall_timeout_ms(&loop->stall));
    ++*iterations;
    loop->stalls += (uint64_t)rr_stall_if_due(&loop->stall);
    if (n < 0) {
      if (errno == EINTR) continue;
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < n; ++i) {
      void* ptr = events[i].data.ptr;
      if (ptr == &kStopTag || ptr == &kWakeTag) return RB_OK;
      if (ptr == &kListenTag) {
        const int rc = accept_all(server, err, err_len);
        if (rc != RB_OK) return rc;
        continue;
      }
      rr_loop_on_conn_event(loop, ptr, events[i].events);
    }
  }
}

static int run_own_loop(struct rr_server* server, struct rr_loop* loop, char* err, size_t err_len) {
  return run_loop(server, loop, loop->events, loop->max_events, &loop->loop_iterations, err,
                  err_len);
}

static void* worker_main(void* arg) {
  struct rr_loop* loop = arg;
  if (run_own_loop(NULL, loop, loop->error, sizeof loop->error) != RB_OK) loop->failed = 1;
  return NULL;
}

static void destroy(struct rr_server* server) {
  if (server == NULL) return;
  for (uint32_t i = 0; server->loops != NULL && i < server->loop_count; ++i)
    rr_loop_free(&server->loops[i]);
  if (server->accept_epoll >= 0) close(server->accept_epoll);
  server_acceptor_close(&server->acceptor);
  rb_http_responses_free(&server->responses);
  free(server->loops);
  free(server);
}

/* threads == 1: the one loop watches the listener and stop_fd itself. threads > 1: an
 * accept-only epoll set does, and each worker watches its wake fd. */
static int watch_control_fds(struct rr_server* server) {
  if (server->threads == 1) {
    const int epoll_fd = server->loops[0].epoll_fd;
    if (watch(epoll_fd, server->listen_fd, &kListenTag) != 0) return -1;
    return watch(epoll_fd, server->stop_fd, &kStopTag);
  }
  server->accept_epoll = epoll_create1(EPOLL_CLOEXEC);
  if (server->accept_epoll < 0 ||
      watch(server->accept_epoll, server->listen_fd, &kListenTag) != 0 ||
      watch(server->accept_epoll, server->stop_fd, &kStopTag) != 0)
    return -1;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    struct rr_loop* loop = &server->loops[i];
    loop->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (loop->wake_fd < 0 || watch(loop->epoll_fd, loop->wake_fd, &kWakeTag) != 0) return -1;
  }
  return 0;
}

static int prepare(const rb_host* host, const rb_rr_server_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  int rc = rr_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct rr_stall stall;
  struct epoll_options parsed;
  rc = parse_rr_options(options, option_count, &parsed, &stall, err, err_len);
  if (rc != RB_OK) return rc;

  struct rr_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->listen_fd = params->listen_fd;
  server_acceptor_init(&server->acceptor, params->listen_fd);
  server->stop_fd = params->stop_fd;
  server->threads = params->threads;
  server->accept_epoll = -1;
  server->loop_count = params->threads;
  if (rb_http_responses_init(&server->responses, params->body_size) != 0) {
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte body",
                        params->body_size);
  }
  const int max_events = parsed.max_events > 0 ? (int)parsed.max_events : kDefaultMaxEvents;
  server->loops = calloc(server->loop_count, sizeof *server->loops);
  int ok = server->loops != NULL;
  /* Every loop's fds read -1 before any is set up, so destroy can undo a partial setup. */
  for (uint32_t i = 0; ok && i < server->loop_count; ++i)
    server->loops[i].epoll_fd = server->loops[i].wake_fd = -1;
  struct spin spin;
  spin_init(&spin, parsed.spin_ns);
  for (uint32_t i = 0; ok && i < server->loop_count; ++i) {
    ok = rr_loop_init(&server->loops[i], max_events, &server->responses) == 0;
    server->loops[i].stall = stall;
    server->loops[i].spin = spin;
  }
  if (!ok || watch_control_fds(server) != 0) {
    const int saved = errno;
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the loops: %s", strerror(saved));
  }
  *state = server;
  return RB_OK;
}

/* threads > 1: the calling thread only accepts; each worker runs its own loop. */
static int serve_with_workers(struct rr_server* server, char* err, size_t err_len) {
  int rc = RB_OK;
  uint32_t started = 0;
  for (; started < server->loop_count; ++started) {
    struct rr_loop* loop = &server->loops[started];
    if (pthread_create(&loop->thread, NULL, worker_main, loop) != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
      break;
    }
  }
  if (rc == RB_OK) {
    struct rr_loop acceptor = {.epoll_fd = server->accept_epoll};
    rc = run_loop(server, &acceptor, server->accept_events, 2, &server->accept_iterations, err,
                  err_len);
  }
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

static int serve(void* state, char* err, size_t err_len) {
  struct rr_server* server = state;
  if (server == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  const int rc = server->threads == 1 ? run_own_loop(server, &server->loops[0], err, err_len)
                                      : serve_with_workers(server, err, err_len);
  for (uint32_t i = 0; i < server->loop_count; ++i) rr_loop_close_all(&server->loops[i]);
  return rc;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct rr_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t requests = 0, bad_requests = 0, bytes_written = 0;
  uint64_t loop_iterations = server->accept_iterations;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    requests += server->loops[i].requests;
    bad_requests += server->loops[i].bad_requests;
    bytes_written += server->loops[i].bytes_written;
    loop_iterations += server->loops[i].loop_iterations;
  }
  rr_server_put_counters(sink, server->connections, requests, bad_requests,
                         server->acceptor.refused);
  sink->put(sink->ctx, "bytes_written", bytes_written);
  sink->put(sink->ctx, "loop_iterations", loop_iterations);
  uint64_t stalls = 0;
  for (uint32_t i = 0; i < server->loop_count; ++i) stalls += server->loops[i].stalls;
  sink->put(sink->ctx, "stalls", stalls);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_rr_server_ops raw_epoll_rr_server_ops =
    RB_RR_SERVER_OPS(prepare, serve, counters, release);
