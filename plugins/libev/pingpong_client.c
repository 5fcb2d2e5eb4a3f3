#include "pingpong_client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "conn_io.h"
#include "error_message.h"
#include "loop_options.h"
#include "pingpong_client_counts.h"
#include "reactorbench/pingpong_pattern.h"

enum { kReadBufferSize = 64 * 1024 };

enum session_state {
  kConnecting,
  kEchoing,
  kShutting, /* past the deadline: shuts down its write side once its output is out */
  kShut,     /* write side shut down; reads until the server closes */
};

struct client_loop;

struct session {
  struct conn_io io; /* io.fd < 0 once the session has ended */
  struct client_loop* loop;
  uint32_t index;
  enum session_state state;
  uint64_t offset; /* stream bytes received so far */
};

struct pingpong_client;

/* One loop and what only its thread touches while it runs. */
struct client_loop {
  struct pingpong_client* client;
  uint32_t index;
  struct ev_loop* ev;
  ev_timer deadline;
  ev_io stop;
  pthread_t thread;
  uint32_t open; /* its sessions not yet ended */
  int past_deadline;
  int stopped;
  char* buffer;
  uint64_t bytes_written;
  struct pingpong_client_counts counts;
  struct pingpong_mismatch first_mismatch;
};

struct pingpong_client {
  rb_pingpong_client_params params;
  struct sockaddr_in server;
  unsigned char* block;
  struct session* sessions;
  struct client_loop* loops;
  uint32_t loop_count;
};

static void end_session(struct session* session, uint64_t* outcome) {
  struct client_loop* loop = session->loop;
  *outcome += 1;
  conn_io_close(loop->ev, &session->io);
  if (--loop->open == 0) ev_break(loop->ev, EVBREAK_ALL);
}

/* Echoing stops at the deadline; the write side closes once nothing is left to write.
 * Returns 0, or -1 once the session has ended. */
static int shut_if_due(struct session* session) {
  if (session->loop->past_deadline && session->state == kEchoing) session->state = kShutting;
  if (session->state != kShutting || out_buffer_pending(&session->io.out)) return 0;
  if (shutdown(session->io.fd, SHUT_WR) != 0) {
    end_session(session, &session->loop->counts.resets);
    return -1;
  }
  session->state = kShut;
  return 0;
}

static void on_connected(struct session* session) {
  struct client_loop* loop = session->loop;
  int error = 0;
  socklen_t length = sizeof error;
  if (getsockopt(session->io.fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
    end_session(session, &loop->counts.connect_failures);
    return;
  }
  const int one = 1;
  setsockopt(session->io.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  session->state = kEchoing;
  ev_io_stop(loop->ev, &session->io.writer);
  conn_io_start_reading(loop->ev, &session->io);
  if (conn_io_send(loop->ev, &session->io, loop->client->block, loop->client->params.block_size,
                   &loop->bytes_written) != 0) {
    end_session(session, &loop->counts.resets);
    return;
  }
  shut_if_due(session);
}

static void verify(struct client_loop* loop, const struct session* session, size_t n) {
  pingpong_client_verify(&loop->counts, &loop->first_mismatch, session->index,
                         (const unsigned char*)loop->buffer, n, session->offset,
                         loop->client->params.block_size);
}

static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct session* session = watcher->data;
  struct client_loop* loop = session->loop;
  const ssize_t n = read(session->io.fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n <= 0) {
    /* The end the client asked for, or the server's own doing. */
    end_session(session,
                n == 0 && session->state == kShut ? &loop->counts.completed : &loop->counts.resets);
    return;
  }
  loop->counts.bytes_read += (uint64_t)n;
  loop->counts.messages_read += 1;
  if (rb_pingpong_verifies(session->index, loop->client->params.verify_stride))
    verify(loop, session, (size_t)n);
  session->offset += (uint64_t)n;
  if (session->state == kEchoing &&
      conn_io_send(ev, &session->io, loop->buffer, (size_t)n, &loop->bytes_written) != 0)
    end_session(session, &loop->counts.resets);
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct session* session = watcher->data;
  if (session->state == kConnecting) {
    on_connected(session);
    return;
  }
  if (conn_io_flush(ev, &session->io, &session->loop->bytes_written) < 0) {
    end_session(session, &session->loop->counts.resets);
    return;
  }
  shut_if_due(session);
}

/* Visits only this loop's sessions (connect_all deals them round-robin): other loop threads
 * change their own sessions concurrently. */
static void on_deadline(struct ev_loop* ev, ev_timer* timer, int revents) {
  (void)ev;
  (void)revents;
  struct client_loop* loop = timer->data;
  struct pingpong_client* client = loop->client;
  loop->past_deadline = 1;
  for (uint32_t i = loop->index; i < client->params.sessions; i += client->loop_count) {
    struct session* session = &client->sessions[i];
    if (session->io.fd >= 0 && session->state != kConnecting) shut_if_due(session);
  }
}

static void on_stop(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct client_loop* loop = watcher->data;
  loop->stopped = 1;
  ev_break(ev, EVBREAK_ALL);
}

static void* loop_main(void* arg) {
  struct client_loop* loop = arg;
  if (loop->open > 0) ev_run(loop->ev, 0);
  return NULL;
}

static void destroy(struct pingpong_client* client) {
  if (client == NULL) return;
  for (uint32_t i = 0; client->sessions != NULL && i < client->params.sessions; ++i) {
    struct session* session = &client->sessions[i];
    if (session->loop != NULL) conn_io_close(session->loop->ev, &session->io);
  }
  for (uint32_t i = 0; client->loops != NULL && i < client->loop_count; ++i) {
    struct client_loop* loop = &client->loops[i];
    if (loop->ev != NULL) {
      ev_timer_stop(loop->ev, &loop->deadline);
      ev_io_stop(loop->ev, &loop->stop);
      ev_loop_destroy(loop->ev);
    }
    free(loop->buffer);
  }
  free(client->sessions);
  free(client->loops);
  free(client->block);
  free(client);
}

static int init_loop(struct pingpong_client* client, uint32_t index,
                     const struct loop_options* options, char* err, size_t err_len) {
  struct client_loop* loop = &client->loops[index];
  loop->client = client;
  loop->index = index;
  const int rc = new_loop(options, &loop->ev, err, err_len);
  if (rc != RB_OK) return rc;
  loop->buffer = malloc(kReadBufferSize);
  if (loop->buffer == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  ev_timer_init(&loop->deadline, on_deadline, 0., 0.);
  loop->deadline.data = loop;
  ev_io_init(&loop->stop, on_stop, client->params.stop_fd, EV_READ);
  loop->stop.data = loop;
  return RB_OK;
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  const size_t needed =
      offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride;
  if (state == NULL || params == NULL || params->struct_size < needed || params->threads == 0 ||
      params->sessions == 0 || params->block_size == 0 || params->host == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong client params missing, too small or zero");
  /* libev aborts the process on a watcher for a negative fd. */
  if (params->stop_fd < 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "stop_fd %d is not an fd",
                        params->stop_fd);
  *state = NULL;
  struct loop_options parsed;
  int rc = parse_loop_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct pingpong_client* client = calloc(1, sizeof *client);
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
  if (client->block == NULL || client->loops == NULL)
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  for (uint32_t i = 0; rc == RB_OK && i < client->loop_count; ++i)
    rc = init_loop(client, i, &parsed, err, err_len);
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  rb_pingpong_fill_block(client->block, params->block_size);
  *state = client;
  return RB_OK;
}

/* Starts every session's connect on its loop; one that fails at once is a connect failure.
 * Runs before any loop thread starts. */
static void connect_all(struct pingpong_client* client) {
  for (uint32_t i = 0; i < client->params.sessions; ++i) {
    struct session* session = &client->sessions[i];
    struct client_loop* loop = &client->loops[i % client->loop_count];
    session->loop = loop;
    session->index = i;
    session->state = kConnecting;
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    conn_io_init(&session->io, fd, on_readable, on_writable, session);
    loop->open += 1;
    if (fd < 0) {
      end_session(session, &loop->counts.connect_failures);
      continue;
    }
    if (connect(fd, (const struct sockaddr*)&client->server, sizeof client->server) != 0 &&
        errno != EINPROGRESS) {
      end_session(session, &loop->counts.connect_failures);
      continue;
    }
    /* Writable once the handshake is over, either way; on_connected asks how it went. */
    ev_io_start(loop->ev, &session->io.writer);
  }
}

static int run(void* state, char* err, size_t err_len) {
  struct pingpong_client* client = state;
  if (client == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "run: no state");
  /* Session state is made here, not in prepare, so it counts as per-connection memory. */
  client->sessions = calloc(client->params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  const ev_tstamp duration = (ev_tstamp)client->params.duration_ms / 1000.;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    struct client_loop* loop = &client->loops[i];
    /* The loop's clock stood still since prepare. */
    ev_now_update(loop->ev);
    ev_timer_set(&loop->deadline, duration, 0.);
    ev_timer_start(loop->ev, &loop->deadline);
    ev_io_start(loop->ev, &loop->stop);
  }
  connect_all(client);
  uint32_t started = 0;
  int rc = RB_OK;
  if (client->loop_count == 1) {
    loop_main(&client->loops[0]);
  } else {
    for (; started < client->loop_count; ++started) {
      const int error =
          pthread_create(&client->loops[started].thread, NULL, loop_main, &client->loops[started]);
      if (error != 0) {
        rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(error));
        break;
      }
    }
    for (uint32_t i = 0; i < started; ++i) pthread_join(client->loops[i].thread, NULL);
  }
  if (rc != RB_OK) return rc;
  uint32_t open = 0;
  int stopped = 0;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    open += client->loops[i].open;
    stopped |= client->loops[i].stopped;
  }
  if (stopped)
    return report_error(RB_ERR_INTERNAL, err, err_len,
                        "stopped by the host with %u sessions still open", open);
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct pingpong_client* client = state;
  if (client == NULL || sink == NULL || sink->put == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state or sink is NULL");
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

const rb_pingpong_client_ops libev_pingpong_client_ops = {
    .struct_size = sizeof(rb_pingpong_client_ops),
    .prepare = prepare,
    .run = run,
    .counters = counters,
    .release = release,
};
