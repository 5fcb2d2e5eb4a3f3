/* The pingpong client: `sessions` sessions over `threads` loops, each sending one block when
 * connected and echoing back what returns until duration_ms, then shutting down its write
 * side and reading until the server closes. The kit's client harness
 * (pingpong_client_session.h) makes the sessions, deals them to loops, runs the loop threads,
 * checks the stream (reactorbench/pingpong_pattern.h) and puts the counters; this file is the
 * loop. Replace epoll with your library, keeping:
 *   - a session's state (kConnecting, kEchoing, kShutting, kShut) moves as the harness says;
 *   - a loop watches the host's stop_fd (never reads it) and returns when it is readable;
 *   - every read goes through pingpong_client_took, which counts and verifies it. */
#include <errno.h>
#include <reactorbench/kit/error_message.h>
#include <reactorbench/kit/out_buffer.h>
#include <reactorbench/kit/pingpong_client_session.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "options.h"

enum { kReadBufferSize = 64 * 1024, kMaxEvents = 1024 };

struct pc_session {
  struct pingpong_session_head head;
  int fd;
  int watching_out;
  struct out_buffer out;
};

struct pc_loop {
  struct pingpong_client_loop_state state;
  uint64_t deadline_ns;
  int epoll_fd;
  char* buffer;
  struct epoll_event* events;
  int max_events;
  uint64_t bytes_written;
};

struct pc_client {
  struct pingpong_client_base base; /* first: the harness's view of this state */
};

static char kStopTag;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void finish(struct pc_loop* loop, struct pc_session* session, uint64_t* outcome) {
  (*outcome)++;
  out_buffer_free(&session->out);
  close(session->fd);
  session->fd = -1;
  loop->state.open--;
}

static void update_interest(struct pc_loop* loop, struct pc_session* session) {
  const int want = out_buffer_pending(&session->out);
  if (want == session->watching_out) return;
  session->watching_out = want;
  struct epoll_event ev = {.events = want ? EPOLLIN | EPOLLOUT : EPOLLIN, .data.ptr = session};
  epoll_ctl(loop->epoll_fd, EPOLL_CTL_MOD, session->fd, &ev);
}

static int shut_if_due(struct pc_loop* loop, struct pc_session* session) {
  if (pingpong_session_shut_due(&session->head.state, loop->state.past_deadline,
                                out_buffer_pending(&session->out))) {
    if (shutdown(session->fd, SHUT_WR) != 0) return -1;
    session->head.state = kShut;
  }
  return 0;
}

static void on_connected(struct pc_loop* loop, struct pc_session* session) {
  if (pingpong_client_connected(session->fd) != 0) {
    finish(loop, session, &loop->state.counts.connect_failures);
    return;
  }
  session->head.state = kEchoing;
  session->watching_out = 1; /* registered for EPOLLOUT while connecting */
  if (out_buffer_send(session->fd, &session->out, (const char*)loop->state.client->block,
                      loop->state.client->params.block_size, &loop->bytes_written) != 0 ||
      shut_if_due(loop, session) != 0) {
    finish(loop, session, &loop->state.counts.resets);
    return;
  }
  update_interest(loop, session);
}

static void on_readable(struct pc_loop* loop, struct pc_session* session) {
  const ssize_t n = read(session->fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (n <= 0) {
    /* The end the client asked for, or the server's own doing. */
    finish(loop, session, pingpong_session_outcome(&loop->state, session->head.state, n == 0));
    return;
  }
  pingpong_client_took(&loop->state, &session->head, loop->buffer, (size_t)n);
  if (session->head.state == kEchoing && out_buffer_send(session->fd, &session->out, loop->buffer,
                                                         (size_t)n, &loop->bytes_written) != 0)
    finish(loop, session, &loop->state.counts.resets);
}

static void on_session_event(struct pc_loop* loop, struct pc_session* session, uint32_t events) {
  if (session->head.state == kConnecting) {
    on_connected(loop, session);
    return;
  }
  if ((events & EPOLLOUT) &&
      out_buffer_flush(session->fd, &session->out, &loop->bytes_written) < 0) {
    finish(loop, session, &loop->state.counts.resets);
    return;
  }
  if (events & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
    on_readable(loop, session);
    if (session->fd < 0) return;
  }
  if (shut_if_due(loop, session) != 0) {
    finish(loop, session, &loop->state.counts.resets);
    return;
  }
  update_interest(loop, session);
}

/* Visits only this loop's sessions (index % loop_count == this loop's index, as
 * connect_session deals them): other loop threads write their own sessions' fd and state
 * concurrently. */
static void pass_deadline(struct pc_loop* loop) {
  loop->state.past_deadline = 1;
  const struct pingpong_client_base* client = loop->state.client;
  for (uint32_t i = loop->state.index; i < client->params.sessions; i += client->loop_count) {
    struct pc_session* session = pingpong_client_session(client, i);
    if (session->fd < 0 || session->head.state == kConnecting) continue;
    if (shut_if_due(loop, session) != 0)
      finish(loop, session, &loop->state.counts.resets);
    else
      update_interest(loop, session);
  }
}

/* Until every session of the loop has closed or the host stops it. */
static void run_loop(struct pc_loop* loop) {
  while (loop->state.open > 0) {
    int timeout_ms = -1;
    if (!loop->state.past_deadline) {
      const uint64_t now = now_ns();
      if (now >= loop->deadline_ns) {
        pass_deadline(loop);
        continue;
      }
      timeout_ms = (int)((loop->deadline_ns - now + 999999) / 1000000);
    }
    const int n = epoll_wait(loop->epoll_fd, loop->events, loop->max_events, timeout_ms);
    if (n < 0) {
      if (errno == EINTR) continue;
      pingpong_client_loop_failed(&loop->state, RB_ERR_SYSTEM, "epoll_wait: %s", strerror(errno));
      return;
    }
    for (int i = 0; i < n; ++i) {
      if (loop->events[i].data.ptr == &kStopTag) {
        loop->state.stopped = 1;
        return;
      }
      on_session_event(loop, loop->events[i].data.ptr, loop->events[i].events);
    }
  }
}

static void* loop_main(void* arg) {
  run_loop(arg);
  return NULL;
}

static void close_session(void* arg) {
  struct pc_session* session = arg;
  if (session->fd >= 0) close(session->fd);
  out_buffer_free(&session->out);
}

static void free_loop(void* arg) {
  struct pc_loop* loop = arg;
  if (loop->epoll_fd >= 0) close(loop->epoll_fd);
  free(loop->buffer);
  free(loop->events);
}

/* The options, parsed for "pingpong_client" (values[i] for kPluginOptions[i]): this loop
 * waits until its deadline and needs none of them. */
static int setup(struct pingpong_client_base* base, const rb_option_value* values, char* err,
                 size_t err_len) {
  (void)base;
  (void)values;
  (void)err;
  (void)err_len;
  return RB_OK;
}

static int init_loop(void* arg, char* err, size_t err_len) {
  struct pc_loop* loop = arg;
  const struct pc_client* client = (const struct pc_client*)loop->state.client;
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  loop->buffer = malloc(kReadBufferSize);
  loop->events = calloc(kMaxEvents, sizeof *loop->events);
  loop->max_events = kMaxEvents;
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &kStopTag};
  if (loop->epoll_fd < 0 || loop->buffer == NULL || loop->events == NULL ||
      epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, client->base.params.stop_fd, &ev) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the client: %s", strerror(errno));
  return RB_OK;
}

/* Every loop's deadline is the same instant, duration_ms from now. */
static int start(struct pingpong_client_base* base, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const uint64_t deadline_ns = now_ns() + base->params.duration_ms * 1000000u;
  for (uint32_t i = 0; i < base->loop_count; ++i)
    ((struct pc_loop*)pingpong_client_loop(base, i))->deadline_ns = deadline_ns;
  return RB_OK;
}

/* One that fails at once counts as a connect failure. */
static void connect_session(void* loop_arg, void* session_arg) {
  struct pc_loop* loop = loop_arg;
  struct pc_session* session = session_arg;
  session->fd = pingpong_client_start_connect(loop->state.client);
  if (session->fd < 0) {
    loop->state.counts.connect_failures++;
    return;
  }
  loop->state.open++;
  struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = session};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, session->fd, &ev) != 0)
    finish(loop, session, &loop->state.counts.connect_failures);
}

PINGPONG_CLIENT_OPS(RB_TEMPLATE_IDENT_pingpong_client_ops, struct pc_client, struct pc_loop,
                    struct pc_session, kPluginOptions, setup, init_loop, start, connect_session,
                    loop_main, NULL, 0, close_session, free_loop, NULL);
