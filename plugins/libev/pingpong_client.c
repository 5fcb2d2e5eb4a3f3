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
  struct pingpong_session_head head;
  struct conn_io io; /* io.fd < 0 once the session has ended */
  struct client_loop* loop;
};

/* One loop and what only its thread touches while it runs. */
struct client_loop {
  struct pingpong_client_loop_state state;
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
  if (!pingpong_session_shut_due(&session->head.state, session->loop->state.past_deadline,
                                 out_buffer_pending(&session->io.out)))
    return 0;
  if (shutdown(session->io.fd, SHUT_WR) != 0) {
    end_session(session, &session->loop->state.counts.resets);
    return -1;
  }
  session->head.state = kShut;
  return 0;
}

static void on_connected(struct session* session) {
  struct client_loop* loop = session->loop;
  if (pingpong_client_connected(session->io.fd) != 0) {
    end_session(session, &loop->state.counts.connect_failures);
    return;
  }
  session->head.state = kEchoing;
  ev_io_stop(loop->ev, &session->io.writer);
  conn_io_start_reading(loop->ev, &session->io);
  if (conn_io_send(loop->ev, &session->io, loop->state.client->block,
                   loop->state.client->params.block_size, &loop->bytes_written) != 0) {
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
    end_session(session, pingpong_session_outcome(&loop->state, session->head.state, n == 0));
    return;
  }
  pingpong_client_took(&loop->state, &session->head, loop->buffer, (size_t)n);
  if (session->head.state == kEchoing &&
      conn_io_send(ev, &session->io, loop->buffer, (size_t)n, &loop->bytes_written) != 0)
    end_session(session, &loop->state.counts.resets);
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct session* session = watcher->data;
  if (session->head.state == kConnecting) {
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
  const struct pingpong_client_base* client = loop->state.client;
  loop->state.past_deadline = 1;
  for (uint32_t i = loop->state.index; i < client->params.sessions; i += client->loop_count) {
    struct session* session = pingpong_client_session(client, i);
    if (session->io.fd >= 0 && session->head.state != kConnecting) shut_if_due(session);
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

static void close_session(void* arg) {
  struct session* session = arg;
  conn_io_close(session->loop->ev, &session->io);
}

static void free_loop(void* arg) {
  struct client_loop* loop = arg;
  if (loop->ev != NULL) {
    ev_timer_stop(loop->ev, &loop->deadline);
    ev_io_stop(loop->ev, &loop->stop);
    ev_loop_destroy(loop->ev);
  }
  free(loop->buffer);
}

static int setup(struct pingpong_client_base* base, const rb_option_value* values, char* err,
                 size_t err_len) {
  /* libev aborts the process on a watcher for a negative fd. */
  if (base->params.stop_fd < 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "stop_fd %d is not an fd",
                        base->params.stop_fd);
  loop_options_from(values, &((struct pingpong_client*)base)->options);
  return RB_OK;
}

static int init_loop(void* arg, char* err, size_t err_len) {
  struct client_loop* loop = arg;
  const struct pingpong_client* client = (const struct pingpong_client*)loop->state.client;
  const int rc = new_loop(&client->options, &loop->ev, err, err_len);
  if (rc != RB_OK) return rc;
  loop->buffer = malloc(kReadBufferSize);
  if (loop->buffer == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  ev_timer_init(&loop->deadline, on_deadline, 0., 0.);
  loop->deadline.data = loop;
  ev_io_init(&loop->stop, on_stop, client->base.params.stop_fd, EV_READ);
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
static void connect_session(void* loop_arg, void* session_arg) {
  struct client_loop* loop = loop_arg;
  struct session* session = session_arg;
  session->loop = loop;
  const int fd = pingpong_client_start_connect(loop->state.client);
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
                    struct session, kLibevOptions, setup, init_loop, start, connect_session,
                    loop_main, NULL, 0, close_session, free_loop, NULL);
