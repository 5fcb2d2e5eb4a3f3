#include "rr_server.h"

#include <stdlib.h>

#include "rr_answer_all.h"
#include "server_counters.h"
#include "uring_server.h"

struct http_conn {
  struct served_conn base;
  rb_http_parser parser;
};

static void init_http_conn(struct served_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
}

/* 0, or -1 once the connection is closed. */
static int answer_requests(struct server_loop* loop, struct http_conn* conn, const char* data,
                           size_t len) {
  struct uring_conn* base = &conn->base.io;
  const struct rr_conn_io io = {base->fd, &base->closing, &base->out, &conn->base.held};
  if (rr_answer_all(&conn->parser, loop->responses, &loop->counts, io, data, len, NULL, NULL) == 0)
    return 0;
  uring_conn_close(&loop->io, base);
  return -1;
}

/* Input that arrives while some is held (a multishot recv goes on delivering) joins it. */
static int hold_more(struct server_loop* loop, struct http_conn* conn, const char* data, size_t n) {
  struct held_input* held = &conn->base.held;
  char* joined = malloc(held->length + n);
  if (joined == NULL) {
    uring_conn_close(&loop->io, &conn->base.io);
    return -1;
  }
  memcpy(joined, held->data, held->length);
  memcpy(joined + held->length, data, n);
  const int rc = held_input_keep(held, joined, held->length + n);
  free(joined);
  if (rc == 0) return 0;
  uring_conn_close(&loop->io, &conn->base.io);
  return -1;
}

static int on_requests(struct uring_loop* io, struct uring_conn* conn, const char* data, size_t n) {
  struct server_loop* loop = server_loop_of(io);
  loop->counts.bytes_read += n;
  struct http_conn* http = (struct http_conn*)conn;
  const struct held_input* held = &http->base.held;
  if (held->length == 0) return answer_requests(loop, http, data, n);
  if (hold_more(loop, http, data, n) != 0) return -1;
  return answer_requests(loop, http, held->data, held->length);
}

/* Out: what was held back is answered before anything more is read. */
static int on_drained(struct uring_loop* io, struct uring_conn* conn) {
  struct http_conn* http = (struct http_conn*)conn;
  const struct held_input* held = &http->base.held;
  if (held->length == 0) return 0;
  return answer_requests(server_loop_of(io), http, held->data, held->length);
}

static const struct uring_handlers kHttpHandlers = {server_loop_control, on_requests, on_drained,
                                                    server_conn_ended};

static int run_http_loop(struct server_loop* loop, char* err, size_t err_len) {
  return server_loop_run(loop, &kHttpHandlers, err, err_len);
}

static const struct uring_protocol kHttpProtocol = {1, sizeof(struct http_conn), init_http_conn,
                                                    run_http_loop};
static const struct server_kind kHttp =
    SERVER_CORE_KIND(uring_server, kHttpProtocol, uring_server_put_counters, kIoUringOptions);

RB_SERVER_SHELL(rr, io_uring_rr_server_ops, kHttp);
