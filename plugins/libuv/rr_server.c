#include "rr_server.h"

#include "options.h"
#include "rr_answer.h"
#include "server_loops.h"

struct http_conn {
  struct server_conn base;
  rb_http_parser parser;
  uint32_t writes_pending;
  int close_when_flushed; /* a 400, Connection: close, or the client's end of stream */
};

static void init_http_conn(struct server_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
}

static void serve_requests(struct http_conn* conn, const char* data, size_t len);

static void on_response_written(uv_write_t* req, int status) {
  struct http_conn* conn = req->handle->data;
  server_loop_give_back_write(conn->base.loop, (struct pooled_write*)req);
  conn->writes_pending--;
  if (status != 0 || (conn->close_when_flushed && conn->writes_pending == 0)) {
    server_conn_close(&conn->base);
  } else if (conn->writes_pending == 0 && server_conn_drained(&conn->base) == 0) {
    /* Out, after a stop above the high-water mark: answer what was held, reading on. */
    serve_requests(conn, conn->base.held.data, conn->base.held.length);
  }
}

/* Queues a response that lives as long as the server; with then_close, the connection reads
 * no more and closes once this is out. Returns 0, or -1 once the connection is closing. */
static int respond(struct http_conn* conn, const char* data, size_t len, int then_close) {
  uv_stream_t* stream = (uv_stream_t*)&conn->base.tcp;
  if (then_close) {
    conn->close_when_flushed = 1;
    uv_read_stop(stream);
  }
  struct pooled_write* write = server_loop_take_write(conn->base.loop);
  if (write == NULL) {
    server_conn_close(&conn->base);
    return -1;
  }
  const uv_buf_t buf = uv_buf_init((char*)data, (unsigned int)len);
  if (uv_write(&write->req, stream, &buf, 1, on_response_written) != 0) {
    server_loop_give_back_write(conn->base.loop, write);
    server_conn_close(&conn->base);
    return -1;
  }
  conn->writes_pending++;
  return then_close ? -1 : 0;
}

/* The complete requests in data[0..len) get their responses, in order (pipelining), until one
 * ends the connection or the output waiting goes above the high-water mark (the connection
 * then reads no more); what it did not look at (data may be what is held) is held until its
 * writes are out. */
static void serve_requests(struct http_conn* conn, const char* data, size_t len) {
  struct server_loop* loop = conn->base.loop;
  struct rr_answer answer;
  while (!server_conn_stop_if_above_high_water(&conn->base) &&
         rr_next_answer(&conn->parser, loop->responses, &data, &len, &loop->counts, &answer))
    if (respond(conn, answer.data, answer.len, answer.last) != 0) return;
  server_conn_hold(&conn->base, data, len);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct http_conn* conn = stream->data;
  if (nread > 0) {
    serve_requests(conn, buf->base, (size_t)nread);
  } else if (nread == UV_EOF) {
    /* The client sent its last request: answer what is queued, then close. */
    uv_read_stop(stream);
    conn->close_when_flushed = 1;
    if (conn->writes_pending == 0) server_conn_close(&conn->base);
  } else if (nread < 0) {
    server_conn_close(&conn->base);
  }
}

static const struct server_protocol kHttpProtocol = {sizeof(struct http_conn), on_read,
                                                     init_http_conn};
static const struct server_kind kHttp =
    SERVER_CORE_KIND(server_group, kHttpProtocol, NULL, kLibuvOptions);

RB_SERVER_SHELL(rr, libuv_rr_server_ops, kHttp);
