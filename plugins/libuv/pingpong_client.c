#include "pingpong_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "error_message.h"
#include "loop_teardown.h"
#include "pingpong_client_counts.h"
#include "plugin_options.h"
#include "reactorbench/pingpong_pattern.h"
#include "sigpipe_guard.h"
#include "stream_echo.h"

enum session_state { kConnecting, kEchoing, kShutting, kShut, kClosed };

struct client_loop;

struct session {
  uv_tcp_t tcp;
  uv_connect_t connect;
  uv_write_t first_block;
  uv_shutdown_t shutdown;
  struct client_loop* loop;
  uint32_t index;
  enum session_state state;
  uint64_t offset; /* stream bytes received so far */
};

struct client;

struct client_loop {
  struct client* client;
  uint32_t index;
  uv_loop_t uv;
  int uv_ready;
  uv_timer_t deadline;
  uv_poll_t stop_poll;
  char* buffer; /* every read lands here; the read callback is done with it before the next */
  size_t buffer_size;
  pthread_t thread;
  uint32_t open; /* sessions connecting or connected, not yet closed */
  int past_deadline;
  int stopped;
  struct pingpong_client_counts counts;
  uint64_t bytes_echoed;
  struct pingpong_mismatch first_mismatch;
};

struct client {
  rb_pingpong_client_params params;
  struct sockaddr_in server;
  unsigned char* block;
  struct session* sessions;
  struct client_loop* loops;
  uint32_t loop_count;
};

static void on_session_closed(uv_handle_t* handle) {
  struct client_loop* loop = ((struct session*)handle->data)->loop;
  if (--loop->open > 0) return;
  /* The last session of this loop: with the timer and the stop poll gone uv_run returns. */
  close_handle((uv_handle_t*)&loop->deadline, NULL);
  close_handle((uv_handle_t*)&loop->stop_poll, NULL);
}

static void end_session(struct session* session, uint64_t* outcome) {
  if (session->state == kClosed) return;
  session->state = kClosed;
  (*outcome)++;
  close_handle((uv_handle_t*)&session->tcp, on_session_closed);
}

static void on_shutdown(uv_shutdown_t* req, int status) {
  struct session* session = req->handle->data;
  if (session->state == kClosed) return;
  if (status == 0)
    session->state = kShut;
  else
    end_session(session, &session->loop->counts.resets);
}

/* After the deadline: libuv sends the FIN once the session's pending writes are out. */
static void begin_shutdown(struct session* session) {
  if (session->state != kEchoing) return;
  session->state = kShutting;
  if (uv_shutdown(&session->shutdown, (uv_stream_t*)&session->tcp, on_shutdown) != 0)
    end_session(session, &session->loop->counts.resets);
}

static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf) {
  (void)suggested_size;
  const struct client_loop* loop = ((struct session*)handle->data)->loop;
  *buf = uv_buf_init(loop->buffer, (unsigned int)loop->buffer_size);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct session* session = stream->data;
  struct pingpong_client_counts* counts = &session->loop->counts;
  if (nread > 0) {
    const size_t n = (size_t)nread;
    counts->bytes_read += n;
    counts->messages_read++;
    if (rb_pingpong_verifies(session->index, session->loop->client->params.verify_stride))
      pingpong_client_verify(counts, &session->loop->first_mismatch, session->index,
                             (const unsigned char*)buf->base, n, session->offset,
                             session->loop->client->params.block_size);
    session->offset += n;
    if (session->state == kEchoing &&
        stream_echo(stream, buf->base, n, &session->loop->bytes_echoed) != 0)
      end_session(session, &counts->resets);
  } else if (nread == UV_EOF) {
    end_session(session, session->state == kShut ? &counts->completed : &counts->resets);
  } else if (nread < 0) {
    end_session(session, &counts->resets);
  }
}

static void on_first_block_written(uv_write_t* req, int status) {
  struct session* session = req->handle->data;
  if (status != 0) end_session(session, &session->loop->counts.resets);
}

static void on_connect(uv_connect_t* req, int status) {
  struct session* session = req->handle->data;
  struct pingpong_client_counts* counts = &session->loop->counts;
  if (session->state == kClosed) return;
  if (status != 0) {
    end_session(session, &counts->connect_failures);
    return;
  }
  session->state = kEchoing;
  uv_stream_t* stream = (uv_stream_t*)&session->tcp;
  uv_tcp_nodelay(&session->tcp, 1);
  const struct client* client = session->loop->client;
  /* The block is the client's and outlives every request: no copy. */
  const uv_buf_t block = uv_buf_init((char*)client->block, client->params.block_size);
  if (uv_read_start(stream, on_alloc, on_read) != 0 ||
      uv_write(&session->first_block, stream, &block, 1, on_first_block_written) != 0) {
    end_session(session, &counts->resets);
    return;
  }
  if (session->loop->past_deadline) begin_shutdown(session);
}

static void on_deadline(uv_timer_t* timer) {
  struct client_loop* loop = timer->data;
  struct client* client = loop->client;
  loop->past_deadline = 1;
  /* Only this loop's sessions (dealt round-robin): other loops' threads own theirs. */
  for (uint32_t i = loop->index; i < client->params.sessions; i += client->loop_count)
    begin_shutdown(&client->sessions[i]);
}

static void on_stop_readable(uv_poll_t* poll, int status, int events) {
  (void)status, (void)events;
  struct client_loop* loop = poll->data;
  loop->stopped = 1;
  uv_stop(&loop->uv);
}

static void* loop_main(void* arg) {
  struct client_loop* loop = arg;
  if (loop->open > 0) uv_run(&loop->uv, UV_RUN_DEFAULT);
  return NULL;
}

static void destroy(struct client* client) {
  if (client == NULL) return;
  /* Closing cancels pending connects, writes and shutdowns; their callbacks must not count. */
  for (uint32_t i = 0; client->sessions != NULL && i < client->params.sessions; ++i)
    client->sessions[i].state = kClosed;
  for (uint32_t i = 0; client->loops != NULL && i < client->loop_count; ++i) {
    struct client_loop* loop = &client->loops[i];
    if (loop->uv_ready) close_loop(&loop->uv);
    free(loop->buffer);
  }
  free(client->sessions);
  free(client->loops);
  free(client->block);
  free(client);
}

static int init_loop(struct client_loop* loop, uint32_t read_size, int stop_fd, char* err,
                     size_t err_len) {
  loop->buffer = malloc(read_size);
  loop->buffer_size = read_size;
  if (loop->buffer == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte read buffer",
                        read_size);
  int rc = uv_loop_init(&loop->uv);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
  loop->uv_ready = 1;
  rc = uv_timer_init(&loop->uv, &loop->deadline);
  if (rc == 0) rc = uv_poll_init(&loop->uv, &loop->stop_poll, stop_fd);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "watching the deadline and stop_fd %d: %s",
                        stop_fd, uv_strerror(rc));
  loop->deadline.data = loop;
  loop->stop_poll.data = loop;
  return RB_OK;
}

static int check_params(const rb_pingpong_client_params* params, char* err, size_t err_len) {
  const size_t needed =
      offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride;
  if (params == NULL || params->struct_size < needed || params->threads == 0 ||
      params->sessions == 0 || params->block_size == 0 || params->host == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong client params missing, too small or zero");
  return RB_OK;
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  if (state == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "prepare: state is NULL");
  *state = NULL;
  int rc = check_params(params, err, err_len);
  struct libuv_options parsed;
  if (rc == RB_OK)
    rc = parse_libuv_options(options, option_count, kStreamOptions, "pingpong", &parsed, err,
                             err_len);
  if (rc != RB_OK) return rc;
  struct client* client = calloc(1, sizeof *client);
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
  if (client->block == NULL || client->loops == NULL) {
    destroy(client);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  rb_pingpong_fill_block(client->block, params->block_size);
  for (uint32_t i = 0; rc == RB_OK && i < client->loop_count; ++i) {
    client->loops[i].client = client;
    client->loops[i].index = i;
    rc = init_loop(&client->loops[i], parsed.read_size, params->stop_fd, err, err_len);
  }
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  *state = client;
  return RB_OK;
}

/* Starts every session's connect on its loop; one that cannot even start is a connect
 * failure. Runs before any loop thread starts, so no loop is shared. */
static void connect_all(struct client* client) {
  for (uint32_t i = 0; i < client->params.sessions; ++i) {
    struct session* session = &client->sessions[i];
    struct client_loop* loop = &client->loops[i % client->loop_count];
    session->loop = loop;
    session->index = i;
    session->state = kClosed;
    if (uv_tcp_init(&loop->uv, &session->tcp) != 0) {
      loop->counts.connect_failures++;
      continue;
    }
    session->tcp.data = session;
    if (uv_tcp_connect(&session->connect, &session->tcp, (const struct sockaddr*)&client->server,
                       on_connect) != 0) {
      loop->counts.connect_failures++;
      close_handle((uv_handle_t*)&session->tcp, NULL);
      continue;
    }
    session->state = kConnecting;
    loop->open++;
  }
}

static int start_loops(struct client* client, char* err, size_t err_len) {
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    struct client_loop* loop = &client->loops[i];
    uv_update_time(&loop->uv); /* the deadline counts from now, not from prepare */
    int rc = uv_timer_start(&loop->deadline, on_deadline, client->params.duration_ms, 0);
    if (rc == 0) rc = uv_poll_start(&loop->stop_poll, UV_READABLE, on_stop_readable);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "starting the deadline and stop watch: %s",
                          uv_strerror(rc));
  }
  return RB_OK;
}

static int run_loops(struct client* client, char* err, size_t err_len) {
  if (client->loop_count == 1) {
    loop_main(&client->loops[0]);
    return RB_OK;
  }
  uint32_t started = 0;
  for (; started < client->loop_count; ++started)
    if (pthread_create(&client->loops[started].thread, NULL, loop_main, &client->loops[started]) !=
        0)
      break;
  /* Were one missing, the loops that run would wait for a stop that never comes. */
  if (started < client->loop_count)
    for (uint32_t i = 0; i < started; ++i) uv_stop(&client->loops[i].uv);
  for (uint32_t i = 0; i < started; ++i) pthread_join(client->loops[i].thread, NULL);
  if (started < client->loop_count)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed for loop %u", started);
  return RB_OK;
}

static int run(void* state, char* err, size_t err_len) {
  struct client* client = state;
  if (client == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "run: no state");
  if (client->sessions != NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "run: called twice");
  /* Made here, not in prepare, so session state counts as per-connection memory. */
  client->sessions = calloc(client->params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  int rc = start_loops(client, err, err_len);
  if (rc != RB_OK) return rc;
  connect_all(client);
  struct sigpipe_guard guard;
  sigpipe_guard_enter(&guard); /* before the loop threads start: they inherit the mask */
  rc = run_loops(client, err, err_len);
  sigpipe_guard_leave(&guard);
  if (rc != RB_OK) return rc;
  uint32_t open = 0;
  int stopped = 0;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    open += client->loops[i].open;
    stopped = stopped || client->loops[i].stopped;
  }
  if (stopped)
    return report_error(RB_ERR_INTERNAL, err, err_len,
                        "stopped by the host with %u sessions still open", open);
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct client* client = state;
  if (client == NULL || sink == NULL || sink->put == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state or sink is NULL");
  struct pingpong_client_counts total = {0};
  const struct pingpong_mismatch* first = NULL;
  uint64_t bytes_echoed = 0;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    pingpong_client_counts_add(&total, &client->loops[i].counts);
    bytes_echoed += client->loops[i].bytes_echoed;
    if (first == NULL && client->loops[i].first_mismatch.found)
      first = &client->loops[i].first_mismatch;
  }
  pingpong_client_counts_put(sink, &total, first);
  sink->put(sink->ctx, "bytes_echoed", bytes_echoed);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_client_ops libuv_pingpong_client_ops = {
    .struct_size = sizeof(rb_pingpong_client_ops),
    .prepare = prepare,
    .run = run,
    .counters = counters,
    .release = release,
};
