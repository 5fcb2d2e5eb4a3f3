#include "pingpong_client.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "abi_tables.h"
#include "error_message.h"
#include "loop_threads.h"
#include "options.h"
#include "out_buffer.h"
#include "pingpong_client_session.h"

enum { kReadBufferSize = 64 * 1024, kDefaultMaxEvents = 1024 };

struct pc_client;

struct pc_session {
  int fd;
  uint32_t index;
  enum pingpong_session_state state;
  int watching_out;
  uint64_t offset; /* stream bytes received so far */
  struct out_buffer out;
};

struct pc_loop {
  struct pingpong_client_loop_state state;
  struct pc_client* client;
  int epoll_fd;
  char* buffer;
  struct epoll_event* events;
  int max_events;
  uint64_t bytes_written;
  int rc;
  char error[200];
};

struct pc_client {
  struct pingpong_client_base base;
  struct pc_session* sessions;
  struct pc_loop* loops;
  uint64_t deadline_ns;
};

static char kStopTag;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static struct pc_loop* loop_of(struct pc_client* client, const struct pc_session* session) {
  return &client->loops[session->index % client->base.loop_count];
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
  if (pingpong_session_shut_due(&session->state, loop->state.past_deadline,
                                out_buffer_pending(&session->out))) {
    if (shutdown(session->fd, SHUT_WR) != 0) return -1;
    session->state = kShut;
  }
  return 0;
}

static void on_connected(struct pc_loop* loop, struct pc_session* session) {
  if (pingpong_client_connected(session->fd) != 0) {
    finish(loop, session, &loop->state.counts.connect_failures);
    return;
  }
  session->state = kEchoing;
  session->watching_out = 1; /* registered for EPOLLOUT while connecting */
  if (out_buffer_send(session->fd, &session->out, (const char*)loop->client->base.block,
                      loop->client->base.params.block_size, &loop->bytes_written) != 0 ||
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
    finish(loop, session, pingpong_session_outcome(&loop->state, session->state, n == 0));
    return;
  }
  pingpong_client_took(&loop->state, &loop->client->base, session->index, &session->offset,
                       loop->buffer, (size_t)n);
  if (session->state == kEchoing && out_buffer_send(session->fd, &session->out, loop->buffer,
                                                    (size_t)n, &loop->bytes_written) != 0)
    finish(loop, session, &loop->state.counts.resets);
}

static void on_session_event(struct pc_loop* loop, struct pc_session* session, uint32_t events) {
  if (session->state == kConnecting) {
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

/* Visits only this loop's sessions (index % loop_count == this loop's index, as loop_of
 * assigns them): other loop threads write their own sessions' fd and state concurrently. */
static void pass_deadline(struct pc_loop* loop) {
  loop->state.past_deadline = 1;
  struct pc_client* client = loop->client;
  const uint32_t first = (uint32_t)(loop - client->loops);
  for (uint32_t i = first; i < client->base.params.sessions; i += client->base.loop_count) {
    struct pc_session* session = &client->sessions[i];
    if (session->fd < 0 || session->state == kConnecting) continue;
    if (shut_if_due(loop, session) != 0)
      finish(loop, session, &loop->state.counts.resets);
    else
      update_interest(loop, session);
  }
}

/* Until every session of the loop has closed; RB_ERR_INTERNAL if the host stops it first. */
static int run_loop(struct pc_loop* loop) {
  while (loop->state.open > 0) {
    int timeout_ms = -1;
    if (!loop->state.past_deadline) {
      const uint64_t now = now_ns();
      if (now >= loop->client->deadline_ns) {
        pass_deadline(loop);
        continue;
      }
      timeout_ms = (int)((loop->client->deadline_ns - now + 999999) / 1000000);
    }
    const int n = epoll_wait(loop->epoll_fd, loop->events, loop->max_events, timeout_ms);
    if (n < 0) {
      if (errno == EINTR) continue;
      return report_error(RB_ERR_SYSTEM, loop->error, sizeof loop->error, "epoll_wait: %s",
                          strerror(errno));
    }
    for (int i = 0; i < n; ++i) {
      if (loop->events[i].data.ptr == &kStopTag)
        return report_error(RB_ERR_INTERNAL, loop->error, sizeof loop->error,
                            "stopped by the host with %u sessions still open", loop->state.open);
      on_session_event(loop, loop->events[i].data.ptr, loop->events[i].events);
    }
  }
  return RB_OK;
}

static void* loop_main(void* arg) {
  struct pc_loop* loop = arg;
  loop->rc = run_loop(loop);
  return NULL;
}

static void destroy(struct pc_client* client) {
  if (client == NULL) return;
  for (uint32_t i = 0; client->sessions != NULL && i < client->base.params.sessions; ++i) {
    if (client->sessions[i].fd >= 0) close(client->sessions[i].fd);
    out_buffer_free(&client->sessions[i].out);
  }
  for (uint32_t i = 0; client->loops != NULL && i < client->base.loop_count; ++i) {
    if (client->loops[i].epoll_fd >= 0) close(client->loops[i].epoll_fd);
    free(client->loops[i].buffer);
    free(client->loops[i].events);
  }
  free(client->sessions);
  free(client->loops);
  pingpong_client_base_free(&client->base);
  free(client);
}

static int init_loop(struct pc_client* client, struct pc_loop* loop, int max_events) {
  loop->client = client;
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  loop->buffer = malloc(kReadBufferSize);
  loop->events = calloc((size_t)max_events, sizeof *loop->events);
  loop->max_events = max_events;
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &kStopTag};
  return loop->epoll_fd >= 0 && loop->buffer != NULL && loop->events != NULL &&
         epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, client->base.params.stop_fd, &ev) == 0;
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_client_check_params(params, err, err_len);
  if (rc != RB_OK) return rc;
  /* spin_ns is accepted (one [plugin_options] table serves both roles) but only the server
   * spins: the injected cost is per message served, and the client is the measuring side. */
  struct epoll_options parsed;
  rc = parse_epoll_options(options, option_count, "pingpong_client", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct pc_client* client = calloc(1, sizeof *client);
  if (client == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  rc = pingpong_client_base_init(&client->base, params, err, err_len);
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  client->loops = calloc(client->base.loop_count, sizeof *client->loops);
  int ok = client->loops != NULL;
  const int max_events = parsed.max_events > 0 ? (int)parsed.max_events : kDefaultMaxEvents;
  for (uint32_t i = 0; ok && i < client->base.loop_count; ++i)
    ok = init_loop(client, &client->loops[i], max_events);
  if (!ok) {
    const int saved = errno;
    destroy(client);
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the client: %s", strerror(saved));
  }
  *state = client;
  return RB_OK;
}

/* Starts every session's connect; one that fails at once counts as a connect failure. */
static void connect_all(struct pc_client* client) {
  for (uint32_t i = 0; i < client->base.params.sessions; ++i) {
    struct pc_session* session = &client->sessions[i];
    struct pc_loop* loop = loop_of(client, session);
    session->index = i;
    session->state = kConnecting;
    session->fd = pingpong_client_start_connect(&client->base);
    if (session->fd < 0) {
      loop->state.counts.connect_failures++;
      continue;
    }
    loop->state.open++;
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = session};
    if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, session->fd, &ev) != 0)
      finish(loop, session, &loop->state.counts.connect_failures);
  }
}

static int run(void* state, char* err, size_t err_len) {
  struct pc_client* client = state;
  /* Session state is made here, not in prepare, so it counts as per-connection memory. */
  client->sessions = calloc(client->base.params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  for (uint32_t i = 0; i < client->base.params.sessions; ++i) client->sessions[i].fd = -1;
  client->deadline_ns = now_ns() + client->base.params.duration_ms * 1000000u;
  connect_all(client);
  if (run_loop_threads(client->loops, sizeof *client->loops, client->base.loop_count, loop_main,
                       NULL, NULL) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
  for (uint32_t i = 0; i < client->base.loop_count; ++i)
    if (client->loops[i].rc != RB_OK)
      return report_error(client->loops[i].rc, err, err_len, "loop %u: %s", i,
                          client->loops[i].error);
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct pc_client* client = state;
  const int rc = counters_check(client, sink, err, err_len);
  if (rc != RB_OK) return rc;
  pingpong_client_put_counters(sink, &client->loops[0].state, sizeof *client->loops,
                               client->base.loop_count);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_client_ops raw_epoll_pingpong_client_ops =
    RB_PINGPONG_CLIENT_OPS(prepare, run, counters, release);
