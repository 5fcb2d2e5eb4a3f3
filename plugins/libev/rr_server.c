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
  while (rr_next_answer(&conn->parser, loop->shared, &data, &len, &loop->counts, &answer)) {
    if (server_conn_send(&conn->base, answer.data, answer.len) != 0) return;
    if (answer.last) {
      server_conn_close_when_flushed(&conn->base);
      return;
    }
  }
}

static int open_http(void* server, const struct server_setup* setup, const rb_option* options,
                     uint32_t option_count, char* err, size_t err_len) {
  struct loop_options parsed;
  const int rc = parse_loop_options(options, option_count, "rr_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  const struct server_protocol http = {sizeof(struct http_conn), on_readable, init_http_conn,
                                       setup->responses};
  return server_loops_init(server, setup, &parsed, &http, err, err_len);
}

static void put_bytes_written(const void* server, const struct server_totals* totals,
                              const rb_counter_sink* sink) {
  (void)server;
  sink->put(sink->ctx, "bytes_written", totals->counts.bytes_written);
}

static const struct server_kind kHttp = {sizeof(struct server_loops), open_http,
                                         server_loops_serve,          server_loops_count,
                                         put_bytes_written,           server_loops_close};

RB_SERVER_SHELL(rr, libev_rr_server_ops, kHttp);
