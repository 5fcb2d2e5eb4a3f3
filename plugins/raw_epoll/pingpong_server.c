#include "pingpong_server.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "abi_tables.h"
#include "echo_output.h"
#include "error_message.h"
#include "options.h"
#include "output_high_water.h"
#include "server_acceptor.h"
#include "server_counters.h"
#include "server_params.h"
#include "spin.h"

enum { kReadBufferSize = 64 * 1024, kDefaultMaxEvents = 1024 };

struct pp_loop;

struct pp_conn {
  int fd;
  uint32_t interest; /* its epoll interest set */
  struct echo_output out;
  struct pp_conn* prev;
  struct pp_conn* next;
};

struct pp_loop {
  int epoll_fd;
  int wake_fd; /* worker loops: the acceptor's stop signal */
  pthread_t thread;
  int started;
  pthread_mutex_t lock; /* the list: the acceptor adds, the loop removes */
  struct pp_conn* conns;
  uint64_t bytes_read;
  uint64_t bytes_written;
  char* buffer;
  struct epoll_event* events;
  int max_events;
  struct spin spin; /* option spin_ns: an injected cost per message echoed */
  int failed;
  char error[200];
};

struct pp_server {
  struct server_acceptor acceptor;
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  int accept_epoll; /* threads > 1 only */
  struct pp_loop* loops;
  uint32_t loop_count;
  uint32_t next_loop;
  uint64_t connections;
  struct epoll_event* accept_events;
  int max_events;
};

/* epoll data for the fds that are not connections. */
static char kListenTag, kStopTag, kWakeTag;

static void close_conn(struct pp_loop* loop, struct pp_conn* conn) {
  pthread_mutex_lock(&loop->lock);
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  pthread_mutex_unlock(&loop->lock);
  echo_output_free(&conn->out);
  close(conn->fd);
  free(conn);
}

static int watch(int epoll_fd, int op, int fd, uint32_t events, void* ptr) {
  struct epoll_event ev = {.events = events, .data.ptr = ptr};
  return epoll_ctl(epoll_fd, op, fd, &ev);
}

static int add_conn(struct pp_server* server, int fd) {
  struct pp_loop* loop = &server->loops[server->next_loop++ % server->loop_count];
  struct pp_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) return -1;
  conn->fd = fd;
  conn->interest = EPOLLIN;
  pthread_mutex_lock(&loop->lock);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  pthread_mutex_unlock(&loop->lock);
  /* From here the loop's thread owns the connection. */
  if (watch(loop->epoll_fd, EPOLL_CTL_ADD, fd, EPOLLIN, conn) != 0) {
    close_conn(loop, conn);
    return -1;
  }
  server->connections++;
  return 0;
}

/* Accepts every pending connection. Returns RB_OK or an error for the host. */
static int accept_all(struct pp_server* server, char* err, size_t err_len) {
  for (;;) {
    const int fd = server_acceptor_next(&server->acceptor);
    if (fd < 0) {
      if (errno == EAGAIN) return RB_OK;
      return report_error(RB_ERR_SYSTEM, err, err_len, "accept4: %s", strerror(errno));
    }
    if (add_conn(server, fd) != 0) {
      const int saved = errno;
      close(fd);
      return report_error(RB_ERR_SYSTEM, err, err_len, "registering a connection: %s",
                          strerror(saved));
    }
  }
}

/* Watches for writability only while output waits (a level-triggered EPOLLOUT on an idle
 * socket would fire on every poll), and for input only while the output waiting is under the
 * high-water mark. */
static void update_interest(struct pp_loop* loop, struct pp_conn* conn) {
  const uint32_t want = (rb_output_above_high_water(conn->out.length) ? 0 : EPOLLIN) |
                        (echo_output_pending(&conn->out) ? EPOLLOUT : 0);
  if (want == conn->interest) return;
  conn->interest = want;
  watch(loop->epoll_fd, EPOLL_CTL_MOD, conn->fd, want, conn);
}

static void on_conn_event(struct pp_loop* loop, struct pp_conn* conn, uint32_t events) {
  if (events & EPOLLOUT) {
    if (echo_output_flush(conn->fd, &conn->out, &loop->bytes_written) < 0) {
      close_conn(loop, conn);
      return;
    }
  }
  if (events & EPOLLIN) {
    const ssize_t n = read(conn->fd, loop->buffer, kReadBufferSize);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
      close_conn(loop, conn);
      return;
    }
    if (n > 0) {
      loop->bytes_read += (uint64_t)n;
      spin_run(&loop->spin);
      if (echo_output_send(conn->fd, &conn->out, loop->buffer, (size_t)n, &loop->bytes_written) !=
          0) {
        close_conn(loop, conn);
        return;
      }
    }
  } else if (events & (EPOLLERR | EPOLLHUP)) {
    close_conn(loop, conn);
    return;
  }
  update_interest(loop, conn);
}

/* Runs until the stop (or wake) fd is readable or accepting fails. */
static int run_loop(struct pp_server* server, struct pp_loop* loop, char* err, size_t err_len) {
  for (;;) {
    const int n = epoll_wait(loop->epoll_fd, loop->events, loop->max_events, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < n; ++i) {
      void* ptr = loop->events[i].data.ptr;
      if (ptr == &kStopTag || ptr == &kWakeTag) return RB_OK;
      if (ptr == &kListenTag) {
        const int rc = accept_all(server, err, err_len);
        if (rc != RB_OK) return rc;
        continue;
      }
      on_conn_event(loop, ptr, loop->events[i].events);
    }
  }
}

static void* worker_main(void* arg) {
  struct pp_loop* loop = arg;
  if (run_loop(NULL, loop, loop->error, sizeof loop->error) != RB_OK) loop->failed = 1;
  return NULL;
}

static void destroy(struct pp_server* server) {
  if (server == NULL) return;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    struct pp_loop* loop = &server->loops[i];
    while (loop->conns != NULL) close_conn(loop, loop->conns);
    if (loop->epoll_fd >= 0) close(loop->epoll_fd);
    if (loop->wake_fd >= 0) close(loop->wake_fd);
    pthread_mutex_destroy(&loop->lock);
    free(loop->buffer);
    free(loop->events);
  }
  if (server->accept_epoll >= 0) close(server->accept_epoll);
  server_acceptor_close(&server->acceptor);
  free(server->accept_events);
  free(server->loops);
  free(server);
}

static int init_loop(struct pp_loop* loop, int max_events) {
  loop->wake_fd = -1;
  pthread_mutex_init(&loop->lock, NULL);
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  loop->buffer = malloc(kReadBufferSize);
  loop->events = calloc((size_t)max_events, sizeof *loop->events);
  loop->max_events = max_events;
  return loop->epoll_fd >= 0 && loop->buffer != NULL && loop->events != NULL ? 0 : -1;
}

static int prepare(const rb_host* host, const rb_pingpong_server_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct epoll_options parsed;
  rc = parse_epoll_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct pp_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->listen_fd = params->listen_fd;
  server_acceptor_init(&server->acceptor, params->listen_fd);
  server->stop_fd = params->stop_fd;
  server->threads = params->threads;
  server->accept_epoll = -1;
  server->max_events = parsed.max_events > 0 ? (int)parsed.max_events : kDefaultMaxEvents;
  server->loop_count = params->threads;
  server->loops = calloc(server->loop_count, sizeof *server->loops);
  int ok = server->loops != NULL;
  for (uint32_t i = 0; ok && i < server->loop_count; ++i)
    ok = init_loop(&server->loops[i], server->max_events) == 0;
  struct spin spin;
  spin_init(&spin, parsed.spin_ns);
  for (uint32_t i = 0; ok && i < server->loop_count; ++i) server->loops[i].spin = spin;
  if (ok && params->threads == 1) {
    const int epoll_fd = server->loops[0].epoll_fd;
    ok = watch(epoll_fd, EPOLL_CTL_ADD, server->listen_fd, EPOLLIN, &kListenTag) == 0 &&
         watch(epoll_fd, EPOLL_CTL_ADD, server->stop_fd, EPOLLIN, &kStopTag) == 0;
  } else if (ok) {
    server->accept_epoll = epoll_create1(EPOLL_CLOEXEC);
    server->accept_events = calloc(2, sizeof *server->accept_events);
    ok = server->accept_epoll >= 0 && server->accept_events != NULL &&
         watch(server->accept_epoll, EPOLL_CTL_ADD, server->listen_fd, EPOLLIN, &kListenTag) == 0 &&
         watch(server->accept_epoll, EPOLL_CTL_ADD, server->stop_fd, EPOLLIN, &kStopTag) == 0;
    for (uint32_t i = 0; ok && i < server->loop_count; ++i) {
      struct pp_loop* loop = &server->loops[i];
      loop->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
      ok = loop->wake_fd >= 0 &&
           watch(loop->epoll_fd, EPOLL_CTL_ADD, loop->wake_fd, EPOLLIN, &kWakeTag) == 0;
    }
  }
  if (!ok) {
    const int saved = errno;
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the loops: %s", strerror(saved));
  }
  *state = server;
  return RB_OK;
}

/* threads > 1: the calling thread only accepts; each worker runs its own loop. */
static int serve_with_workers(struct pp_server* server, char* err, size_t err_len) {
  int rc = RB_OK;
  uint32_t started = 0;
  for (; started < server->loop_count; ++started) {
    struct pp_loop* loop = &server->loops[started];
    if (pthread_create(&loop->thread, NULL, worker_main, loop) != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
      break;
    }
  }
  if (rc == RB_OK) {
    struct pp_loop acceptor = {
        .epoll_fd = server->accept_epoll, .events = server->accept_events, .max_events = 2};
    rc = run_loop(server, &acceptor, err, err_len);
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
  struct pp_server* server = state;
  const int rc = server->threads == 1 ? run_loop(server, &server->loops[0], err, err_len)
                                      : serve_with_workers(server, err, err_len);
  for (uint32_t i = 0; i < server->loop_count; ++i)
    while (server->loops[i].conns != NULL) close_conn(&server->loops[i], server->loops[i].conns);
  return rc;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct pp_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t bytes_read = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->loop_count; ++i) {
    bytes_read += server->loops[i].bytes_read;
    bytes_written += server->loops[i].bytes_written;
  }
  pingpong_server_put_counters(sink, server->connections, bytes_read, bytes_written,
                               server->acceptor.refused);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_server_ops raw_epoll_pingpong_server_ops =
    RB_PINGPONG_SERVER_OPS(prepare, serve, counters, release);
