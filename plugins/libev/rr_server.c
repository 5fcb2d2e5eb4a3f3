#include "rr_server.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "abi_tables.h"
#include "conn_io.h"
#include "error_message.h"
#include "held_input.h"
#include "options.h"
#include "output_high_water.h"
#include "reactorbench/http_request.h"
#include "server_counters.h"
#include "server_loops.h"
#include "server_params.h"

enum { kReadBufferSize = 64 * 1024 };

struct http_loop;

struct http_conn {
  struct conn_io io;
  struct http_loop* loop;
  rb_http_parser parser;
  int closing;            /* reads no more; closes once its output is out */
  struct held_input held; /* unanswered while the output is above the high-water mark */
  struct http_conn* prev;
  struct http_conn* next;
};

/* One loop's connections and counts, touched only by that loop's thread while it runs. */
struct http_loop {
  struct ev_loop* ev;
  const rb_http_responses* responses;
  struct http_conn* conns;
  char* buffer;
  uint64_t requests;
  uint64_t bad_requests;
  uint64_t bytes_written;
};

struct http_server {
  struct server_loops loops;
  struct http_loop* http_loops;
  uint32_t count;
  rb_http_responses responses;
};

static void close_conn(struct http_conn* conn) {
  struct http_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  conn_io_close(loop->ev, &conn->io);
  held_input_free(&conn->held);
  free(conn);
}

/* The connection reads no more; it closes at once if nothing waits to be sent. Returns -1
 * when it has closed. */
static int close_when_flushed(struct http_conn* conn) {
  conn->closing = 1;
  conn_io_stop_reading(conn->loop->ev, &conn->io);
  if (out_buffer_pending(&conn->io.out)) return 0;
  close_conn(conn);
  return -1;
}

/* Sends a response that lives as long as the server. Returns 0 while the connection reads
 * on, -1 once it is closing or closed. */
static int respond(struct http_conn* conn, const char* data, size_t len, int then_close) {
  struct http_loop* loop = conn->loop;
  if (conn_io_send(loop->ev, &conn->io, data, len, &loop->bytes_written) != 0) {
    close_conn(conn);
    return -1;
  }
  if (then_close) {
    close_when_flushed(conn);
    return -1;
  }
  return 0;
}

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark; then the connection reads
 * no more and holds what was not looked at (data may be what is held) until on_writable has
 * sent the output. */
static void serve_requests(struct http_conn* conn, const char* data, size_t len) {
  struct http_loop* loop = conn->loop;
  while (len > 0) {
    if (rb_output_above_high_water(conn->io.out.length)) {
      conn_io_stop_reading(loop->ev, &conn->io);
      break;
    }
    size_t used = 0;
    const int rc = rb_http_parse(&conn->parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) break;
    if (rc == RB_HTTP_BAD) {
      loop->bad_requests += 1;
      respond(conn, RB_HTTP_400, RB_HTTP_400_LEN, 1);
      return;
    }
    loop->requests += 1;
    const int keep_alive = conn->parser.keep_alive;
    size_t response_len = 0;
    const char* response = rb_http_response(loop->responses, keep_alive, &response_len);
    if (respond(conn, response, response_len, !keep_alive) != 0) return;
  }
  if (held_input_keep(&conn->held, data, len) != 0) close_conn(conn);
}

static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)ev;
  (void)revents;
  struct http_conn* conn = watcher->data;
  const ssize_t n = read(conn->io.fd, conn->loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n == 0) {
    /* The client sent its last request: answer what is queued, then close. */
    close_when_flushed(conn);
    return;
  }
  if (n < 0) {
    close_conn(conn);
    return;
  }
  serve_requests(conn, conn->loop->buffer, (size_t)n);
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct http_conn* conn = watcher->data;
  const int rc = conn_io_flush(ev, &conn->io, &conn->loop->bytes_written);
  if (rc < 0 || (rc == 1 && conn->closing)) {
    close_conn(conn);
  } else if (rc == 1 && !ev_is_active(&conn->io.reader)) {
    /* Out, after a stop above the high-water mark: answer what was held, then read on unless
     * that stopped it again. */
    conn_io_start_reading(ev, &conn->io);
    serve_requests(conn, conn->held.data, conn->held.length);
  }
}

static void start_connection(void* ctx, uint32_t index, struct ev_loop* ev, int fd) {
  struct http_server* server = ctx;
  struct http_loop* loop = &server->http_loops[index];
  struct http_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) {
    close(fd);
    return;
  }
  conn->loop = loop;
  rb_http_parser_init(&conn->parser);
  conn_io_init(&conn->io, fd, on_readable, on_writable, conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  conn_io_start_reading(ev, &conn->io);
}

static void close_connections(void* ctx, uint32_t index, struct ev_loop* ev) {
  (void)ev;
  struct http_server* server = ctx;
  while (server->http_loops[index].conns != NULL) close_conn(server->http_loops[index].conns);
}

static void destroy(struct http_server* server) {
  if (server == NULL) return;
  for (uint32_t i = 0; server->http_loops != NULL && i < server->count; ++i) {
    if (server->http_loops[i].ev != NULL) close_connections(server, i, server->http_loops[i].ev);
    free(server->http_loops[i].buffer);
  }
  server_loops_free(&server->loops);
  rb_http_responses_free(&server->responses);
  free(server->http_loops);
  free(server);
}

static int prepare(const rb_host* host, const rb_rr_server_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  int rc = rr_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct loop_options parsed;
  rc = parse_loop_options(options, option_count, "rr_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct http_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->count = params->threads;
  server->http_loops = calloc(server->count, sizeof *server->http_loops);
  if (server->http_loops == NULL || rb_http_responses_init(&server->responses, params->body_size)) {
    rb_http_responses_free(&server->responses);
    free(server->http_loops);
    free(server);
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "out of memory for %u loops and a %u-byte body", params->threads,
                        params->body_size);
  }
  const struct server_protocol protocol = {server, start_connection, close_connections};
  rc = server_loops_init(&server->loops, params->listen_fd, params->stop_fd, params->threads,
                         &parsed, &protocol, err, err_len);
  for (uint32_t i = 0; rc == RB_OK && i < server->count; ++i) {
    struct http_loop* loop = &server->http_loops[i];
    loop->ev = server_loops_loop(&server->loops, i);
    loop->responses = &server->responses;
    loop->buffer = malloc(kReadBufferSize);
    if (loop->buffer == NULL)
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for read buffers");
  }
  if (rc != RB_OK) {
    destroy(server);
    return rc;
  }
  *state = server;
  return RB_OK;
}

static int serve(void* state, char* err, size_t err_len) {
  struct http_server* server = state;
  if (server == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  return server_loops_serve(&server->loops, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct http_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t requests = 0, bad_requests = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->count; ++i) {
    requests += server->http_loops[i].requests;
    bad_requests += server->http_loops[i].bad_requests;
    bytes_written += server->http_loops[i].bytes_written;
  }
  rr_server_put_counters(sink, server->loops.connections, requests, bad_requests,
                         server->loops.acceptor.refused);
  sink->put(sink->ctx, "bytes_written", bytes_written);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_rr_server_ops libev_rr_server_ops = RB_RR_SERVER_OPS(prepare, serve, counters, release);
