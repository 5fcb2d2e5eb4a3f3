#include "rr_server.h"

#include "options.h"
#include "rr_answer.h"
#include "server_loops.h"

struct http_conn {
  struct server_conn base;
  rb_http_parser parser;
};

static void init_http_conn(struct server_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
}

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark (the connection then reads
 * no more); holds what it did not look at (data may be what is held) until the output has
 * drained. */
static void serve_requests(struct server_conn* conn, const char* data, size_t len) {
  struct serving_loop* loop = conn->loop;
  rb_http_parser* parser = &((struct http_conn*)conn)->parser;
  struct rr_answer answer;
  while (server_conn_reading(conn) &&
         rr_next_answer(parser, loop->responses, &data, &len, &loop->counts, &answer)) {
    if (server_conn_send(conn, answer.data, answer.len) != 0) return;
    if (answer.last) {
      server_conn_close_when_flushed(conn);
      return;
    }
  }
  server_conn_hold(conn, data, len);
}

static void serve_held(struct server_conn* conn) {
  serve_requests(conn, conn->held.data, conn->held.length);
}

/* The client's end of stream closes the connection once what is queued is out. */
static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)ev, (void)revents;
  struct server_conn* conn = watcher->data;
  const ssize_t n = server_conn_read(conn);
  if (n > 0) serve_requests(conn, conn->loop->buffer, (size_t)n);
}

static const struct server_protocol kHttpProtocol = {sizeof(struct http_conn), on_readable,
                                                     init_http_conn, serve_held};
static const struct server_kind kHttp =
    SERVER_CORE_KIND(server_loops, kHttpProtocol, server_put_bytes_written, kLibevOptions);

RB_SERVER_SHELL(rr, libev_rr_server_ops, kHttp);
