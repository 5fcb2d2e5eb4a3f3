#include "pingpong_client.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "conn_io.h"
#include "error_message.h"
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
  struct pingpong_client_base base; /* first: the harness's view of this state */
  struct loop_options options;
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

/* Visits only this loop's sessions (connect_session deals them round-robin): other loop threads
 * change their own sessions concurrently. */
static void on_deadline(struct ev_loop* ev, ev_timer* timer, int revents) {
  (void)ev;
  (void)revents;
  struct client_loop* loop = timer->data;
  struct pingpong_client* client = loop->client;
  loop->state.past_deadline = 1;
  for (uint32_t i = loop->index; i < client->base.params.sessions; i += client->base.loop_count) {
    struct session* session = pingpong_client_session(&client->base, i);
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

static void close_session(struct pingpong_client_base* client, void* session) {
  (void)client;
  struct session* s = session;
  conn_io_close(s->loop->ev, &s->io);
}

static void free_loop(struct pingpong_client_base* client, void* arg) {
  (void)client;
  struct client_loop* loop = arg;
  if (loop->ev != NULL) {
    ev_timer_stop(loop->ev, &loop->deadline);
    ev_io_stop(loop->ev, &loop->stop);
    ev_loop_destroy(loop->ev);
  }
  free(loop->buffer);
}

static int setup(struct pingpong_client_base* base, const rb_option* options, uint32_t option_count,
                 char* err, size_t err_len) {
  /* libev aborts the process on a watcher for a negative fd. */
  if (base->params.stop_fd < 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "stop_fd %d is not an fd",
                        base->params.stop_fd);
  struct pingpong_client* client = (struct pingpong_client*)base;
  return parse_loop_options(options, option_count, "pingpong_client", &client->options, err,
                            err_len);
}

static int init_loop(struct pingpong_client_base* base, void* arg, uint32_t index, char* err,
                     size_t err_len) {
  struct client_loop* loop = arg;
  loop->client = (struct pingpong_client*)base;
  loop->index = index;
  const int rc = new_loop(&loop->client->options, &loop->ev, err, err_len);
  if (rc != RB_OK) return rc;
  loop->buffer = malloc(kReadBufferSize);
  if (loop->buffer == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  ev_timer_init(&loop->deadline, on_deadline, 0., 0.);
  loop->deadline.data = loop;
  ev_io_init(&loop->stop, on_stop, base->params.stop_fd, EV_READ);
  loop->stop.data = loop;
  return RB_OK;
}

static int start(struct pingpong_client_base* base, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const ev_tstamp duration = (ev_tstamp)base->params.duration_ms / 1000.;
  for (uint32_t i = 0; i < base->loop_count; ++i) {
    struct client_loop* loop = pingpong_client_loop(base, i);
    /* The loop's clock stood still since prepare. */
    ev_now_update(loop->ev);
    ev_timer_set(&loop->deadline, duration, 0.);
    ev_timer_start(loop->ev, &loop->deadline);
    ev_io_start(loop->ev, &loop->stop);
  }
  return RB_OK;
}

/* One that fails at once is a connect failure. */
static void connect_session(struct pingpong_client_base* base, void* arg, uint32_t index) {
  struct session* session = arg;
  struct client_loop* loop = pingpong_client_loop(base, index % base->loop_count);
  session->loop = loop;
  session->index = index;
  session->state = kConnecting;
  const int fd = pingpong_client_start_connect(base);
  conn_io_init(&session->io, fd, on_readable, on_writable, session);
  loop->state.open += 1;
  if (fd < 0) {
    end_session(session, &loop->state.counts.connect_failures);
    return;
  }
  /* Writable once the handshake is over, either way; on_connected asks how it went. */
  ev_io_start(loop->ev, &session->io.writer);
}

PINGPONG_CLIENT_OPS(libev_pingpong_client_ops, struct pingpong_client, struct client_loop,
                    struct session, setup, init_loop, start, connect_session, loop_main, NULL, 0,
                    close_session, free_loop, NULL);
