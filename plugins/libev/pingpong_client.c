#include "pingpong_client.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "abi_tables.h"
#include "conn_io.h"
#include "error_message.h"
#include "loop_threads.h"
#include "options.h"
#include "pingpong_client_session.h"

enum { kReadBufferSize = 64 * 1024 };

struct client_loop;

struct session {
  struct conn_io io; /* io.fd < 0 once the session has ended */
  struct client_loop* loop;
  uint32_t index;
  enum pingpong_session_state state;
  uint64_t offset; /* stream bytes received so far */
};

struct pingpong_client;

/* One loop and what only its thread touches while it runs. */
struct client_loop {
  struct pingpong_client_loop_state state;
  struct pingpong_client* client;
  uint32_t index;
  struct ev_loop* ev;
  ev_timer deadline;
  ev_io stop;
  char* buffer;
  uint64_t bytes_written;
};

struct pingpong_client {
  struct pingpong_client_base base;
  struct session* sessions;
  struct client_loop* loops;
};

static void end_session(struct session* session, uint64_t* outcome) {
  struct client_loop* loop = session->loop;
  *outcome += 1;
  conn_io_close(loop->ev, &session->io);
  if (--loop->state.open == 0) ev_break(loop->ev, EVBREAK_ALL);
}

/* Returns 0, or -1 once the session has ended. */
static int shut_if_due(struct session* session) {
  if (!pingpong_session_shut_due(&session->state, session->loop->state.past_deadline,
                                 out_buffer_pending(&session->io.out)))
    return 0;
  if (shutdown(session->io.fd, SHUT_WR) != 0) {
    end_session(session, &session->loop->state.counts.resets);
    return -1;
  }
  session->state = kShut;
  return 0;
}

static void on_connected(struct session* session) {
  struct client_loop* loop = session->loop;
  if (pingpong_client_connected(session->io.fd) != 0) {
    end_session(session, &loop->state.counts.connect_failures);
    return;
  }
  session->state = kEchoing;
  ev_io_stop(loop->ev, &session->io.writer);
  conn_io_start_reading(loop->ev, &session->io);
  if (conn_io_send(loop->ev, &session->io, loop->client->base.block,
                   loop->client->base.params.block_size, &loop->bytes_written) != 0) {
    end_session(session, &loop->state.counts.resets);
    return;
  }
  shut_if_due(session);
}

static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct session* session = watcher->data;
  struct client_loop* loop = session->loop;
  const ssize_t n = read(session->io.fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n <= 0) {
    /* The end the client asked for, or the server's own doing. */
    end_session(session, pingpong_session_outcome(&loop->state, session->state, n == 0));
    return;
  }
  pingpong_client_took(&loop->state, &loop->client->base, session->index, &session->offset,
                       loop->buffer, (size_t)n);
  if (session->state == kEchoing &&
      conn_io_send(ev, &session->io, loop->buffer, (size_t)n, &loop->bytes_written) != 0)
    end_session(session, &loop->state.counts.resets);
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct session* session = watcher->data;
  if (session->state == kConnecting) {
    on_connected(session);
    return;
  }
  if (conn_io_flush(ev, &session->io, &session->loop->bytes_written) < 0) {
    end_session(session, &session->loop->state.counts.resets);
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
  loop->state.past_deadline = 1;
  for (uint32_t i = loop->index; i < client->base.params.sessions; i += client->base.loop_count) {
    struct session* session = &client->sessions[i];
    if (session->io.fd >= 0 && session->state != kConnecting) shut_if_due(session);
  }
}

static void on_stop(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct client_loop* loop = watcher->data;
  loop->state.stopped = 1;
  ev_break(ev, EVBREAK_ALL);
}

static void* loop_main(void* arg) {
  struct client_loop* loop = arg;
  if (loop->state.open > 0) ev_run(loop->ev, 0);
  return NULL;
}

static void destroy(struct pingpong_client* client) {
  if (client == NULL) return;
  for (uint32_t i = 0; client->sessions != NULL && i < client->base.params.sessions; ++i) {
    struct session* session = &client->sessions[i];
    if (session->loop != NULL) conn_io_close(session->loop->ev, &session->io);
  }
  for (uint32_t i = 0; client->loops != NULL && i < client->base.loop_count; ++i) {
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
  pingpong_client_base_free(&client->base);
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
  ev_io_init(&loop->stop, on_stop, client->base.params.stop_fd, EV_READ);
  loop->stop.data = loop;
  return RB_OK;
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  if (state == NULL) return pingpong_client_check_params(NULL, err, err_len);
  int rc = pingpong_client_check_params(params, err, err_len);
  if (rc != RB_OK) return rc;
  /* libev aborts the process on a watcher for a negative fd. */
  if (params->stop_fd < 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "stop_fd %d is not an fd",
                        params->stop_fd);
  *state = NULL;
  struct loop_options parsed;
  rc = parse_loop_options(options, option_count, "pingpong_client", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct pingpong_client* client = calloc(1, sizeof *client);
  if (client == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  rc = pingpong_client_base_init(&client->base, params, err, err_len);
  if (rc == RB_OK) {
    client->loops = calloc(client->base.loop_count, sizeof *client->loops);
    if (client->loops == NULL) rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  for (uint32_t i = 0; rc == RB_OK && i < client->base.loop_count; ++i)
    rc = init_loop(client, i, &parsed, err, err_len);
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  *state = client;
  return RB_OK;
}

/* Starts every session's connect on its loop; one that fails at once is a connect failure.
 * Runs before any loop thread starts. */
static void connect_all(struct pingpong_client* client) {
  for (uint32_t i = 0; i < client->base.params.sessions; ++i) {
    struct session* session = &client->sessions[i];
    struct client_loop* loop = &client->loops[i % client->base.loop_count];
    session->loop = loop;
    session->index = i;
    session->state = kConnecting;
    const int fd = pingpong_client_start_connect(&client->base);
    conn_io_init(&session->io, fd, on_readable, on_writable, session);
    loop->state.open += 1;
    if (fd < 0) {
      end_session(session, &loop->state.counts.connect_failures);
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
  client->sessions = calloc(client->base.params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  const ev_tstamp duration = (ev_tstamp)client->base.params.duration_ms / 1000.;
  for (uint32_t i = 0; i < client->base.loop_count; ++i) {
    struct client_loop* loop = &client->loops[i];
    /* The loop's clock stood still since prepare. */
    ev_now_update(loop->ev);
    ev_timer_set(&loop->deadline, duration, 0.);
    ev_timer_start(loop->ev, &loop->deadline);
    ev_io_start(loop->ev, &loop->stop);
  }
  connect_all(client);
  const int error = run_loop_threads(client->loops, sizeof *client->loops, client->base.loop_count,
                                     loop_main, NULL, NULL);
  if (error != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(error));
  return pingpong_client_stop_result(&client->loops[0].state, sizeof *client->loops,
                                     client->base.loop_count, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct pingpong_client* client = state;
  const int rc = counters_check(client, sink, err, err_len);
  if (rc != RB_OK) return rc;
  pingpong_client_put_counters(sink, &client->loops[0].state, sizeof *client->loops,
                               client->base.loop_count);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_client_ops libev_pingpong_client_ops =
    RB_PINGPONG_CLIENT_OPS(prepare, run, counters, release);
