#include "rr_server.h"

#include "rr_answer.h"
#include "server_loops.h"

struct http_conn {
  struct server_conn base;
  rb_http_parser parser;
};

static void init_http_conn(struct server_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
}

/* Answers every complete request read, in order (pipelining); the client's end of stream
 * closes the connection once what is queued is out. */
static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)ev, (void)revents;
  struct http_conn* conn = watcher->data;
  struct serving_loop* loop = conn->base.loop;
  const ssize_t n = server_conn_read(&conn->base);
  if (n == 0) return;
  const char* data = loop->buffer;
  size_t len = (size_t)n;
  struct rr_answer answer;
  while (rr_next_answer(&conn->parser, loop->responses, &data, &len, &loop->counts, &answer)) {
    if (server_conn_send(&conn->base, answer.data, answer.len) != 0) return;
    if (answer.last) {
      server_conn_close_when_flushed(&conn->base);
      return;
    }
  }
}

static const struct server_protocol kHttpProtocol = {"rr_server", sizeof(struct http_conn),
                                                     on_readable, init_http_conn};
static const struct server_kind kHttp =
    SERVER_CORE_KIND(server_loops, kHttpProtocol, server_put_bytes_written);

RB_SERVER_SHELL(rr, libev_rr_server_ops, kHttp);
