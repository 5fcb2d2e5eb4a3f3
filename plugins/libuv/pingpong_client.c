#include "pingpong_client.h"

#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "options.h"
#include "pingpong_client_session.h"
#include "stream_echo.h"

struct client_loop;

struct session {
  struct pingpong_session_head head;
  uv_tcp_t tcp;
  uv_connect_t connect;
  uv_write_t first_block;
  uv_shutdown_t shutdown;
  struct client_loop* loop;
};

struct client_loop {
  struct pingpong_client_loop_state state;
  uv_loop_t uv;
  int uv_ready;
  uv_timer_t deadline;
  uv_poll_t stop_poll;
  char* buffer; /* every read lands here; the read callback is done with it before the next */
  size_t buffer_size;
  uint64_t bytes_echoed;
};

struct client {
  struct pingpong_client_base base; /* first: the harness's view of this state */
  struct libuv_options options;
};

static void on_session_closed(uv_handle_t* handle) {
  struct client_loop* loop = ((struct session*)handle->data)->loop;
  if (--loop->state.open > 0) return;
  /* The last session of this loop: with the timer and the stop poll gone uv_run returns. */
  close_handle((uv_handle_t*)&loop->deadline, NULL);
  close_handle((uv_handle_t*)&loop->stop_poll, NULL);
}

static void end_session(struct session* session, uint64_t* outcome) {
  if (session->head.state == kClosed) return;
  session->head.state = kClosed;
  (*outcome)++;
  close_handle((uv_handle_t*)&session->tcp, on_session_closed);
}

static void on_shutdown(uv_shutdown_t* req, int status) {
  struct session* session = req->handle->data;
  if (session->head.state == kClosed) return;
  if (status == 0)
    session->head.state = kShut;
  else
    end_session(session, &session->loop->state.counts.resets);
}

/* After the deadline: libuv sends the FIN once the session's pending writes are out. */
static void begin_shutdown(struct session* session) {
  if (session->head.state != kEchoing) return;
  session->head.state = kShutting;
  if (uv_shutdown(&session->shutdown, (uv_stream_t*)&session->tcp, on_shutdown) != 0)
    end_session(session, &session->loop->state.counts.resets);
}

static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf) {
  (void)suggested_size;
  const struct client_loop* loop = ((struct session*)handle->data)->loop;
  *buf = uv_buf_init(loop->buffer, (unsigned int)loop->buffer_size);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct session* session = stream->data;
  struct pingpong_client_loop_state* loop = &session->loop->state;
  if (nread > 0) {
    const size_t n = (size_t)nread;
    pingpong_client_took(loop, &session->head, buf->base, n);
    if (session->head.state == kEchoing &&
        stream_echo(stream, buf->base, n, &session->loop->bytes_echoed, NULL) != 0)
      end_session(session, &loop->counts.resets);
  } else if (nread == UV_EOF) {
    end_session(session, pingpong_session_outcome(loop, session->head.state, 1));
  } else if (nread < 0) {
    end_session(session, &loop->counts.resets);
  }
}

static void on_first_block_written(uv_write_t* req, int status) {
  struct session* session = req->handle->data;
  if (status != 0) end_session(session, &session->loop->state.counts.resets);
}

static void on_connect(uv_connect_t* req, int status) {
  struct session* session = req->handle->data;
  struct pingpong_client_counts* counts = &session->loop->state.counts;
  if (session->head.state == kClosed) return;
  if (status != 0) {
    end_session(session, &counts->connect_failures);
    return;
  }
  session->head.state = kEchoing;
  uv_stream_t* stream = (uv_stream_t*)&session->tcp;
  uv_tcp_nodelay(&session->tcp, 1);
  const struct pingpong_client_base* client = session->loop->state.client;
  /* The block is the client's and outlives every request: no copy. */
  const uv_buf_t block = uv_buf_init((char*)client->block, client->params.block_size);
  if (uv_read_start(stream, on_alloc, on_read) != 0 ||
      uv_write(&session->first_block, stream, &block, 1, on_first_block_written) != 0) {
    end_session(session, &counts->resets);
    return;
  }
  if (session->loop->state.past_deadline) begin_shutdown(session);
}

static void on_deadline(uv_timer_t* timer) {
  struct client_loop* loop = timer->data;
  const struct pingpong_client_base* client = loop->state.client;
  loop->state.past_deadline = 1;
  /* Only this loop's sessions (dealt round-robin): other loops' threads own theirs. */
  for (uint32_t i = loop->state.index; i < client->params.sessions; i += client->loop_count)
    begin_shutdown(pingpong_client_session(client, i));
}

static void on_stop_readable(uv_poll_t* poll, int status, int events) {
  (void)status, (void)events;
  struct client_loop* loop = poll->data;
  loop->state.stopped = 1;
  uv_stop(&loop->uv);
}

static void* loop_main(void* arg) {
  struct client_loop* loop = arg;
  if (loop->state.open > 0) uv_run(&loop->uv, UV_RUN_DEFAULT);
  return NULL;
}

/* Closing the loop cancels pending connects, writes and shutdowns; their callbacks must not
 * count. */
static void close_session(void* session) {
  ((struct session*)session)->head.state = kClosed;
}

static void free_loop(void* arg) {
  struct client_loop* loop = arg;
  if (loop->uv_ready) close_loop(&loop->uv);
  free(loop->buffer);
}

static int setup(struct pingpong_client_base* base, const rb_option_value* values, char* err,
                 size_t err_len) {
  (void)err;
  (void)err_len;
  libuv_options_from(values, &((struct client*)base)->options);
  return RB_OK;
}

static int init_loop(void* arg, char* err, size_t err_len) {
  struct client_loop* loop = arg;
  const struct client* client = (const struct client*)loop->state.client;
  const uint32_t read_size = client->options.read_size;
  const int stop_fd = client->base.params.stop_fd;
  loop->buffer = malloc(read_size);
  loop->buffer_size = read_size;
  if (loop->buffer == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte read buffer",
                        read_size);
  int rc = open_loop(&loop->uv, &loop->uv_ready, err, err_len);
  if (rc != RB_OK) return rc;
  rc = uv_timer_init(&loop->uv, &loop->deadline);
  if (rc == 0) rc = uv_poll_init(&loop->uv, &loop->stop_poll, stop_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "watching the deadline and stop_fd %d: %s",
                        stop_fd, uv_strerror(rc));
  loop->deadline.data = loop;
  loop->stop_poll.data = loop;
  return RB_OK;
}

/* One that cannot even start is a connect failure. */
static void connect_session(void* loop_arg, void* session_arg) {
  struct client_loop* loop = loop_arg;
  struct session* session = session_arg;
  session->loop = loop;
  session->head.state = kClosed;
  if (uv_tcp_init(&loop->uv, &session->tcp) != 0) {
    loop->state.counts.connect_failures++;
    return;
  }
  session->tcp.data = session;
  const struct sockaddr* server = (const struct sockaddr*)&loop->state.client->server;
  if (uv_tcp_connect(&session->connect, &session->tcp, server, on_connect) != 0) {
    loop->state.counts.connect_failures++;
    close_handle((uv_handle_t*)&session->tcp, NULL);
    return;
  }
  session->head.state = kConnecting;
  loop->state.open++;
}

static int start(struct pingpong_client_base* base, char* err, size_t err_len) {
  for (uint32_t i = 0; i < base->loop_count; ++i) {
    struct client_loop* loop = pingpong_client_loop(base, i);
    uv_update_time(&loop->uv); /* the deadline counts from now, not from prepare */
    int rc = uv_timer_start(&loop->deadline, on_deadline, base->params.duration_ms, 0);
    if (rc == 0) rc = uv_poll_start(&loop->stop_poll, UV_READABLE, on_stop_readable);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "starting the deadline and stop watch: %s",
                          uv_strerror(rc));
  }
  return RB_OK;
}

/* Were a loop thread missing, the loops that run would wait for a stop that never comes. */
static void abandon_loop(void* arg) {
  uv_stop(&((struct client_loop*)arg)->uv);
}

static void put_counters(const struct pingpong_client_base* base, const rb_counter_sink* sink) {
  uint64_t bytes_echoed = 0;
  for (uint32_t i = 0; i < base->loop_count; ++i)
    bytes_echoed += ((const struct client_loop*)pingpong_client_loop(base, i))->bytes_echoed;
  sink->put(sink->ctx, "bytes_echoed", bytes_echoed);
}

PINGPONG_CLIENT_OPS(libuv_pingpong_client_ops, struct client, struct client_loop, struct session,
                    kLibuvOptions, setup, init_loop, start, connect_session, loop_main,
                    abandon_loop, 1, close_session, free_loop, put_counters);
