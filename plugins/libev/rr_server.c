#include "rr_server.h"

#include <stdlib.h>

#include "error_message.h"
#include "options.h"
#include "rr_answer.h"
#include "server_loops.h"

struct http_conn {
  struct server_conn base;
  rb_http_parser parser;
};

struct http_server {
  struct server_loops loops;
  rb_http_responses responses;
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

static int open_http(const struct server_setup* setup, const rb_option* options,
                     uint32_t option_count, void** impl, char* err, size_t err_len) {
  struct loop_options parsed;
  int rc = parse_loop_options(options, option_count, "rr_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct http_server* server = calloc(1, sizeof *server);
  if (server == NULL || rb_http_responses_init(&server->responses, setup->body_size) != 0) {
    free(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte body",
                        setup->body_size);
  }
  const struct server_protocol http = {sizeof(struct http_conn), on_readable, init_http_conn,
                                       &server->responses};
  rc = server_loops_init(&server->loops, setup, &parsed, &http, err, err_len);
  if (rc != RB_OK) {
    rb_http_responses_free(&server->responses);
    free(server);
    return rc;
  }
  *impl = server;
  return RB_OK;
}

static void put_bytes_written(const void* impl, const rb_counter_sink* sink) {
  struct server_totals totals = {0};
  server_loops_count(impl, &totals);
  sink->put(sink->ctx, "bytes_written", totals.counts.bytes_written);
}

static void close_http(void* impl) {
  struct http_server* server = impl;
  server_loops_free(&server->loops);
  rb_http_responses_free(&server->responses);
  free(server);
}

static const struct server_kind kHttp = {open_http, server_loops_serve, server_loops_count,
                                         put_bytes_written, close_http};

RB_SERVER_SHELL(rr, libev_rr_server_ops, kHttp);
