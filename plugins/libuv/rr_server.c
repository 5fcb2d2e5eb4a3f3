#include "rr_server.h"

#include <stdlib.h>
#include <uv.h>

#include "abi_tables.h"
#include "error_message.h"
#include "held_input.h"
#include "loop_teardown.h"
#include "options.h"
#include "output_high_water.h"
#include "reactorbench/http_request.h"
#include "server_counters.h"
#include "server_loops.h"
#include "server_params.h"

struct http_loop;

struct http_conn {
  uv_tcp_t tcp;
  struct http_loop* loop;
  rb_http_parser parser;
  uint32_t writes_pending;
  int close_when_flushed; /* a 400, Connection: close, or the client's end of stream */
  int above_high_water;   /* reads no more until every write is out */
  struct held_input held; /* unanswered meanwhile */
  struct http_conn* prev;
  struct http_conn* next;
};

/* A uv_write request kept for reuse: a response is sent per request, so the hot path should
 * not call malloc. */
struct response_write {
  uv_write_t req;
  struct response_write* next_free;
};

struct http_loop {
  char* buffer; /* every read lands here; the read callback is done with it before the next */
  size_t buffer_size;
  const rb_http_responses* responses;
  struct http_conn* conns;
  struct response_write* free_writes;
  uint64_t requests;
  uint64_t bad_requests;
};

struct http_server {
  struct server_group group;
  struct http_loop* loops;
  rb_http_responses responses;
  int responses_ready;
};

static void on_conn_closed(uv_handle_t* handle) {
  struct http_conn* conn = handle->data;
  struct http_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  held_input_free(&conn->held);
  free(conn);
}

static void close_conn(struct http_conn* conn) {
  close_handle((uv_handle_t*)&conn->tcp, on_conn_closed);
}

static struct response_write* take_write(struct http_loop* loop) {
  struct response_write* write = loop->free_writes;
  if (write == NULL) return malloc(sizeof *write);
  loop->free_writes = write->next_free;
  return write;
}

static void give_back_write(struct http_loop* loop, struct response_write* write) {
  write->next_free = loop->free_writes;
  loop->free_writes = write;
}

static void serve_requests(struct http_conn* conn, const char* data, size_t len);
static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf);
static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);

static void on_response_written(uv_write_t* req, int status) {
  struct http_conn* conn = req->handle->data;
  give_back_write(conn->loop, (struct response_write*)req);
  conn->writes_pending--;
  if (status != 0 || (conn->close_when_flushed && conn->writes_pending == 0)) {
    close_conn(conn);
  } else if (conn->above_high_water && conn->writes_pending == 0) {
    /* Out: answer what was held, then read on unless that stopped it again. */
    conn->above_high_water = 0;
    if (uv_read_start((uv_stream_t*)&conn->tcp, on_alloc, on_read) != 0) {
      close_conn(conn);
      return;
    }
    serve_requests(conn, conn->held.data, conn->held.length);
  }
}

/* Queues a response that lives as long as the server; with then_close, the connection reads
 * no more and closes once this is out. Returns 0, or -1 once the connection is closing. */
static int respond(struct http_conn* conn, const char* data, size_t len, int then_close) {
  uv_stream_t* stream = (uv_stream_t*)&conn->tcp;
  if (then_close) {
    conn->close_when_flushed = 1;
    uv_read_stop(stream);
  }
  struct response_write* write = take_write(conn->loop);
  if (write == NULL) {
    close_conn(conn);
    return -1;
  }
  const uv_buf_t buf = uv_buf_init((char*)data, (unsigned int)len);
  if (uv_write(&write->req, stream, &buf, 1, on_response_written) != 0) {
    give_back_write(conn->loop, write);
    close_conn(conn);
    return -1;
  }
  conn->writes_pending++;
  return then_close ? -1 : 0;
}

/* The per-connection loop of http_request.h: the complete requests in data get their
 * responses, in order, until one ends the connection or the output waiting goes above the
 * high-water mark; then the connection reads no more and holds what was not looked at (data
 * may be what is held) until its writes are out. */
static void serve_requests(struct http_conn* conn, const char* data, size_t len) {
  struct http_loop* loop = conn->loop;
  while (len > 0) {
    if (rb_output_above_high_water(conn->tcp.write_queue_size)) {
      conn->above_high_water = 1;
      uv_read_stop((uv_stream_t*)&conn->tcp);
      break;
    }
    size_t used = 0;
    const int rc = rb_http_parse(&conn->parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) return;
    if (rc == RB_HTTP_BAD) {
      loop->bad_requests++;
      respond(conn, RB_HTTP_400, RB_HTTP_400_LEN, 1);
      return;
    }
    size_t response_len = 0;
    const int keep_alive = conn->parser.keep_alive;
    const char* response = rb_http_response(loop->responses, keep_alive, &response_len);
    loop->requests++;
    if (respond(conn, response, response_len, !keep_alive) != 0) return;
  }
  if (held_input_keep(&conn->held, data, len) != 0) close_conn(conn);
}

static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf) {
  (void)suggested_size;
  const struct http_conn* conn = handle->data;
  *buf = uv_buf_init(conn->loop->buffer, (unsigned int)conn->loop->buffer_size);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct http_conn* conn = stream->data;
  if (nread > 0) {
    serve_requests(conn, buf->base, (size_t)nread);
  } else if (nread == UV_EOF) {
    /* The client sent its last request: answer what is queued, then close. */
    uv_read_stop(stream);
    conn->close_when_flushed = 1;
    if (conn->writes_pending == 0) close_conn(conn);
  } else if (nread < 0) {
    close_conn(conn);
  }
}

static int open_connection(struct server_loop* server_loop, int fd) {
  struct http_loop* loop = server_loop->data;
  struct http_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) return UV_ENOMEM;
  int rc = uv_tcp_init(&server_loop->uv, &conn->tcp);
  if (rc != 0) {
    free(conn);
    return rc;
  }
  conn->tcp.data = conn;
  conn->loop = loop;
  rb_http_parser_init(&conn->parser);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  rc = uv_tcp_open(&conn->tcp, fd);
  if (rc != 0) {
    close_conn(conn); /* the handle never took the fd: the caller closes it */
    return rc;
  }
  uv_tcp_nodelay(&conn->tcp, 1);
  if (uv_read_start((uv_stream_t*)&conn->tcp, on_alloc, on_read) != 0) close_conn(conn);
  return 0;
}

static void close_connections(struct server_loop* server_loop) {
  for (struct http_conn* conn = ((struct http_loop*)server_loop->data)->conns; conn != NULL;
       conn = conn->next)
    close_conn(conn);
}

static const struct server_handler kHttpHandler = {
    .open_connection = open_connection,
    .close_connections = close_connections,
};

static void destroy(struct http_server* server) {
  if (server == NULL) return;
  server_group_destroy(&server->group); /* runs the cancelled writes' callbacks */
  for (uint32_t i = 0; server->loops != NULL && i < server->group.threads; ++i) {
    struct http_loop* loop = &server->loops[i];
    while (loop->free_writes != NULL) {
      struct response_write* write = loop->free_writes;
      loop->free_writes = write->next_free;
      free(write);
    }
    free(loop->buffer);
  }
  free(server->loops);
  if (server->responses_ready) rb_http_responses_free(&server->responses);
  free(server);
}

static int attach_loops(struct http_server* server, uint32_t read_size, char* err, size_t err_len) {
  const uint32_t threads = server->group.threads;
  server->loops = calloc(threads, sizeof *server->loops);
  if (server->loops == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  for (uint32_t i = 0; i < threads; ++i) {
    struct http_loop* loop = &server->loops[i];
    loop->buffer = malloc(read_size);
    loop->buffer_size = read_size;
    loop->responses = &server->responses;
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte read buffer",
                          read_size);
    server->group.loops[i].data = loop;
  }
  return RB_OK;
}

static int prepare(const rb_host* host, const rb_rr_server_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  int rc = rr_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct libuv_options parsed;
  rc = parse_libuv_options(options, option_count, "rr_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct http_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  if (rb_http_responses_init(&server->responses, params->body_size) != 0) {
    free(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u-byte responses",
                        params->body_size);
  }
  server->responses_ready = 1;
  rc = server_group_init(&server->group, &kHttpHandler, params->listen_fd, params->stop_fd,
                         params->threads, err, err_len);
  if (rc == RB_OK) rc = attach_loops(server, parsed.read_size, err, err_len);
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
  return server_group_serve(&server->group, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct http_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t requests = 0, bad_requests = 0;
  for (uint32_t i = 0; i < server->group.threads; ++i) {
    requests += server->loops[i].requests;
    bad_requests += server->loops[i].bad_requests;
  }
  rr_server_put_counters(sink, server->group.connections, requests, bad_requests,
                         server->group.listener.refused);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_rr_server_ops libuv_rr_server_ops = RB_RR_SERVER_OPS(prepare, serve, counters, release);
