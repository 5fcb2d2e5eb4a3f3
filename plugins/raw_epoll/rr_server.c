#include "rr_server.h"

#include "epoll_server.h"
#include "options.h"
#include "rr_answer_all.h"

/* A connection is registered for EPOLLIN while nothing waits to be sent and for EPOLLOUT only
 * while something does: a client that pipelines without reading its responses then fills its
 * own socket buffers instead of our memory. Within one read, answering stops above the
 * high-water mark and the rest of the read is held until the output is out. */
struct http_conn {
  struct epoll_conn base;
  rb_http_parser parser;
};

static void init_http_conn(struct epoll_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
}

static void run_spin(const void* spin) {
  spin_run(spin);
}

/* 0, or -1 once the connection is closed. */
static int answer_requests(struct epoll_loop* loop, struct http_conn* conn, const char* data,
                           size_t len) {
  struct epoll_conn* base = &conn->base;
  const struct rr_conn_io io = {base->fd, &base->closing, &base->out, &base->held};
  if (rr_answer_all(&conn->parser, loop->responses, &loop->counts, io, data, len, run_spin,
                    &loop->spin) == 0)
    return 0;
  epoll_conn_close(loop, base);
  return -1;
}

/* 0, or -1 once the connection is closed. */
static int read_requests(struct epoll_loop* loop, struct http_conn* conn) {
  const ssize_t n = epoll_conn_read(loop, &conn->base);
  if (n >= 0) return answer_requests(loop, conn, loop->buffer, (size_t)n);
  /* The client is done (or gone); nothing of ours waits, since we read only then. */
  epoll_conn_close(loop, &conn->base);
  return -1;
}

static void on_http_event(struct epoll_loop* loop, struct epoll_conn* conn, uint32_t events) {
  (void)events; /* the interest set says what to do; read or send report HUP and ERR */
  if (out_buffer_pending(&conn->out)) {
    const int flushed = out_buffer_flush(conn->fd, &conn->out, &loop->counts.bytes_written);
    if (flushed < 0) {
      epoll_conn_close(loop, conn);
      return;
    }
    /* Out: what was held back is answered before anything more is read. */
    if (flushed == 1 && conn->held.length > 0 &&
        answer_requests(loop, (struct http_conn*)conn, conn->held.data, conn->held.length) != 0)
      return;
  } else if (read_requests(loop, (struct http_conn*)conn) != 0) {
    return;
  }
  const int pending = out_buffer_pending(&conn->out);
  if (conn->closing && !pending) {
    epoll_conn_close(loop, conn);
    return;
  }
  epoll_conn_watch(loop, conn, pending ? EPOLLOUT : EPOLLIN);
}

static int run_http_loop(struct epoll_loop* loop, char* err, size_t err_len) {
  return epoll_loop_run(loop, on_http_event, err, err_len);
}

/* Beyond the workload's counters: bytes_written, loop_iterations (the acceptor's too) and
 * stalls. */
static void put_loop_counters(const void* state, const struct server_totals* totals,
                              const rb_counter_sink* sink) {
  const struct epoll_server* server = state;
  uint64_t iterations = server->accept_loop.iterations, stalls = 0;
  for (uint32_t i = 0; i < server->threads; ++i) {
    iterations += server->loops[i].iterations;
    stalls += server->loops[i].stalls;
  }
  sink->put(sink->ctx, "bytes_written", totals->counts.bytes_written);
  sink->put(sink->ctx, "loop_iterations", iterations);
  sink->put(sink->ctx, "stalls", stalls);
}

static const struct epoll_protocol kHttpProtocol = {sizeof(struct http_conn), init_http_conn,
                                                    run_http_loop};
static const struct server_kind kHttp =
    SERVER_CORE_KIND(epoll_server, kHttpProtocol, put_loop_counters, kRawEpollOptions);

RB_SERVER_SHELL(rr, raw_epoll_rr_server_ops, kHttp);
