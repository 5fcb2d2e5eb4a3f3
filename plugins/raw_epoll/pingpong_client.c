#include "pingpong_client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "echo_output.h"
#include "epoll_options.h"
#include "error_message.h"
#include "pingpong_client_counts.h"
#include "reactorbench/pingpong_pattern.h"

enum { kReadBufferSize = 64 * 1024, kDefaultMaxEvents = 1024 };

enum session_state {
  kConnecting,
  kEchoing,
  kShutting, /* past the deadline: shuts down its write side once its output is out */
  kShut,     /* write side shut down; reads until the server closes */
};

struct pc_client;

struct pc_session {
  int fd;
  uint32_t index;
  enum session_state state;
  int watching_out;
  uint64_t offset; /* stream bytes received so far */
  struct echo_output out;
};

struct pc_loop {
  struct pc_client* client;
  int epoll_fd;
  pthread_t thread;
  uint32_t open; /* its sessions not yet closed */
  int past_deadline;
  char* buffer;
  struct epoll_event* events;
  int max_events;
  struct pingpong_client_counts counts;
  struct pingpong_mismatch first_mismatch;
  uint64_t bytes_written;
  int rc;
  char error[200];
};

struct pc_client {
  rb_pingpong_client_params params;
  struct sockaddr_in server;
  unsigned char* block;
  struct pc_session* sessions;
  struct pc_loop* loops;
  uint32_t loop_count;
  uint64_t deadline_ns;
};

static char kStopTag;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static struct pc_loop* loop_of(struct pc_client* client, const struct pc_session* session) {
  return &client->loops[session->index % client->loop_count];
}

static void finish(struct pc_loop* loop, struct pc_session* session, uint64_t* outcome) {
  (*outcome)++;
  echo_output_free(&session->out);
  close(session->fd);
  session->fd = -1;
  loop->open--;
}

static void update_interest(struct pc_loop* loop, struct pc_session* session) {
  const int want = echo_output_pending(&session->out);
  if (want == session->watching_out) return;
  session->watching_out = want;
  struct epoll_event ev = {.events = want ? EPOLLIN | EPOLLOUT : EPOLLIN, .data.ptr = session};
  epoll_ctl(loop->epoll_fd, EPOLL_CTL_MOD, session->fd, &ev);
}

/* Echoing stops at the deadline; the write side closes once nothing is left to write. */
static int shut_if_due(struct pc_loop* loop, struct pc_session* session) {
  if (loop->past_deadline && session->state == kEchoing) session->state = kShutting;
  if (session->state == kShutting && !echo_output_pending(&session->out)) {
    if (shutdown(session->fd, SHUT_WR) != 0) return -1;
    session->state = kShut;
  }
  return 0;
}

static void on_connected(struct pc_loop* loop, struct pc_session* session) {
  int error = 0;
  socklen_t length = sizeof error;
  if (getsockopt(session->fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
    finish(loop, session, &loop->counts.connect_failures);
    return;
  }
  const int one = 1;
  setsockopt(session->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  session->state = kEchoing;
  session->watching_out = 1; /* registered for EPOLLOUT while connecting */
  if (echo_output_send(session->fd, &session->out, (const char*)loop->client->block,
                       loop->client->params.block_size, &loop->bytes_written) != 0 ||
      shut_if_due(loop, session) != 0) {
    finish(loop, session, &loop->counts.resets);
    return;
  }
  update_interest(loop, session);
}

static void on_readable(struct pc_loop* loop, struct pc_session* session) {
  const ssize_t n = read(session->fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (n <= 0) {
    /* The end the client asked for, or the server's own doing. */
    finish(loop, session,
           n == 0 && session->state == kShut ? &loop->counts.completed : &loop->counts.resets);
    return;
  }
  struct pingpong_client_counts* counts = &loop->counts;
  const rb_pingpong_client_params* params = &loop->client->params;
  counts->bytes_read += (uint64_t)n;
  counts->messages_read++;
  if (rb_pingpong_verifies(session->index, params->verify_stride)) {
    pingpong_client_verify(counts, &loop->first_mismatch, session->index,
                           (const unsigned char*)loop->buffer, (size_t)n, session->offset,
                           params->block_size);
  }
  session->offset += (uint64_t)n;
  if (session->state == kEchoing && echo_output_send(session->fd, &session->out, loop->buffer,
                                                     (size_t)n, &loop->bytes_written) != 0)
    finish(loop, session, &counts->resets);
}

static void on_session_event(struct pc_loop* loop, struct pc_session* session, uint32_t events) {
  if (session->state == kConnecting) {
    on_connected(loop, session);
    return;
  }
  if ((events & EPOLLOUT) &&
      echo_output_flush(session->fd, &session->out, &loop->bytes_written) < 0) {
    finish(loop, session, &loop->counts.resets);
    return;
  }
  if (events & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
    on_readable(loop, session);
    if (session->fd < 0) return;
  }
  if (shut_if_due(loop, session) != 0) {
    finish(loop, session, &loop->counts.resets);
    return;
  }
  update_interest(loop, session);
}

/* Visits only this loop's sessions (index % loop_count == this loop's index, as loop_of
 * assigns them): other loop threads write their own sessions' fd and state concurrently. */
static void pass_deadline(struct pc_loop* loop) {
  loop->past_deadline = 1;
  struct pc_client* client = loop->client;
  const uint32_t first = (uint32_t)(loop - client->loops);
  for (uint32_t i = first; i < client->params.sessions; i += client->loop_count) {
    struct pc_session* session = &client->sessions[i];
    if (session->fd < 0 || session->state == kConnecting) continue;
    if (shut_if_due(loop, session) != 0)
      finish(loop, session, &loop->counts.resets);
    else
      update_interest(loop, session);
  }
}

/* Until every session of the loop has closed; RB_ERR_INTERNAL if the host stops it first. */
static int run_loop(struct pc_loop* loop) {
  while (loop->open > 0) {
    int timeout_ms = -1;
    if (!loop->past_deadline) {
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
                            "stopped by the host with %u sessions still open", loop->open);
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
  for (uint32_t i = 0; client->sessions != NULL && i < client->params.sessions; ++i) {
    if (client->sessions[i].fd >= 0) close(client->sessions[i].fd);
    echo_output_free(&client->sessions[i].out);
  }
  for (uint32_t i = 0; client->loops != NULL && i < client->loop_count; ++i) {
    if (client->loops[i].epoll_fd >= 0) close(client->loops[i].epoll_fd);
    free(client->loops[i].buffer);
    free(client->loops[i].events);
  }
  free(client->sessions);
  free(client->loops);
  free(client->block);
  free(client);
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  const size_t needed =
      offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride;
  if (params == NULL || params->struct_size < needed || params->threads == 0 ||
      params->sessions == 0 || params->block_size == 0 || params->host == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong client params missing, too small or zero");
  /* spin_ns is accepted (one [plugin_options] table serves both roles) but only the server
   * spins: the injected cost is per message served, and the client is the measuring side. */
  struct epoll_options parsed;
  const int rc = parse_epoll_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct pc_client* client = calloc(1, sizeof *client);
  if (client == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  client->params = *params;
  client->params.host = NULL; /* only the parsed address is kept */
  client->server.sin_family = AF_INET;
  client->server.sin_port = htons(params->port);
  if (inet_pton(AF_INET, params->host, &client->server.sin_addr) != 1) {
    destroy(client);
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "not an IPv4 address: '%s'",
                        params->host);
  }
  client->loop_count = params->threads;
  client->block = malloc(params->block_size);
  client->loops = calloc(client->loop_count, sizeof *client->loops);
  int ok = client->block != NULL && client->loops != NULL;
  const int max_events = parsed.max_events > 0 ? (int)parsed.max_events : kDefaultMaxEvents;
  for (uint32_t i = 0; ok && i < client->loop_count; ++i) {
    struct pc_loop* loop = &client->loops[i];
    loop->client = client;
    loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    loop->buffer = malloc(kReadBufferSize);
    loop->events = calloc((size_t)max_events, sizeof *loop->events);
    loop->max_events = max_events;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &kStopTag};
    ok = loop->epoll_fd >= 0 && loop->buffer != NULL && loop->events != NULL &&
         epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, params->stop_fd, &ev) == 0;
  }
  if (!ok) {
    const int saved = errno;
    destroy(client);
    return report_error(RB_ERR_SYSTEM, err, err_len, "setting up the client: %s", strerror(saved));
  }
  rb_pingpong_fill_block(client->block, params->block_size);
  *state = client;
  return RB_OK;
}

/* Starts every session's connect; one that fails at once counts as a connect failure. */
static void connect_all(struct pc_client* client) {
  for (uint32_t i = 0; i < client->params.sessions; ++i) {
    struct pc_session* session = &client->sessions[i];
    struct pc_loop* loop = loop_of(client, session);
    session->index = i;
    session->state = kConnecting;
    loop->open++;
    session->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (session->fd < 0) {
      loop->open--;
      loop->counts.connect_failures++;
      continue;
    }
    const int rc =
        connect(session->fd, (const struct sockaddr*)&client->server, sizeof client->server);
    struct epoll_event ev = {.events = EPOLLOUT, .data.ptr = session};
    if ((rc != 0 && errno != EINPROGRESS) ||
        epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, session->fd, &ev) != 0)
      finish(loop, session, &loop->counts.connect_failures);
  }
}

static int run(void* state, char* err, size_t err_len) {
  struct pc_client* client = state;
  /* Session state is made here, not in prepare, so it counts as per-connection memory. */
  client->sessions = calloc(client->params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  for (uint32_t i = 0; i < client->params.sessions; ++i) client->sessions[i].fd = -1;
  client->deadline_ns = now_ns() + client->params.duration_ms * 1000000u;
  connect_all(client);
  uint32_t started = 0;
  if (client->loop_count == 1) {
    client->loops[0].rc = run_loop(&client->loops[0]);
  } else {
    for (; started < client->loop_count; ++started)
      if (pthread_create(&client->loops[started].thread, NULL, loop_main,
                         &client->loops[started]) != 0)
        break;
    for (uint32_t i = 0; i < started; ++i) pthread_join(client->loops[i].thread, NULL);
    if (started < client->loop_count)
      return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
  }
  for (uint32_t i = 0; i < client->loop_count; ++i)
    if (client->loops[i].rc != RB_OK)
      return report_error(client->loops[i].rc, err, err_len, "loop %u: %s", i,
                          client->loops[i].error);
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  (void)err, (void)err_len;
  const struct pc_client* client = state;
  struct pingpong_client_counts total = {0};
  const struct pingpong_mismatch* first = NULL;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    pingpong_client_counts_add(&total, &client->loops[i].counts);
    if (first == NULL && client->loops[i].first_mismatch.found)
      first = &client->loops[i].first_mismatch;
  }
  pingpong_client_counts_put(sink, &total, first);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_client_ops raw_epoll_pingpong_client_ops = {
    .struct_size = sizeof(rb_pingpong_client_ops),
    .prepare = prepare,
    .run = run,
    .counters = counters,
    .release = release,
};
