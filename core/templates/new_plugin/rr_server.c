/* The rr server: HTTP/1.1 GET keep-alive, answered with the SDK's canned responses
 * (reactorbench/http_request.h, through the kit's rr_answer_all.h), so the numbers measure
 * the loop, not HTTP code. server_loop.c runs the loop, the kit's server shell the ABI. */
#include <reactorbench/kit/rr_answer_all.h>
#include <sys/epoll.h>

#include "options.h"
#include "server_loop.h"

/* 0, or -1 once the connection is closed. */
static int answer(struct server_loop* loop, struct loop_conn* conn, const char* data, size_t len) {
  const struct rr_conn_io io = {conn->fd, &conn->closing, &conn->out, &conn->held};
  if (rr_answer_all(&conn->parser, loop->responses, &loop->counts, io, data, len, NULL, NULL) == 0)
    return 0;
  loop_conn_close(loop, conn);
  return -1;
}

/* Watches EPOLLIN while nothing waits to be sent and EPOLLOUT only while something does: a
 * client that pipelines without reading fills its own socket buffers, not our memory. */
static void on_http_ready(struct server_loop* loop, struct loop_conn* conn, uint32_t events) {
  (void)events; /* the interest set says what to do; read and send report HUP and ERR */
  if (out_buffer_pending(&conn->out)) {
    const int flushed = out_buffer_flush(conn->fd, &conn->out, &loop->counts.bytes_written);
    if (flushed < 0) {
      loop_conn_close(loop, conn);
      return;
    }
    /* All out: what was held back is answered before anything more is read. */
    if (flushed == 1 && conn->held.length > 0 &&
        answer(loop, conn, conn->held.data, conn->held.length) != 0)
      return;
  } else {
    const ssize_t n = loop_conn_read(loop, conn);
    if (n < 0) {
      loop_conn_close(loop, conn);
      return;
    }
    if (answer(loop, conn, loop->buffer, (size_t)n) != 0) return;
  }
  const int pending = out_buffer_pending(&conn->out);
  if (conn->closing && !pending) {
    loop_conn_close(loop, conn);
    return;
  }
  loop_conn_watch(loop, conn, pending ? EPOLLOUT : EPOLLIN);
}

static const struct loop_protocol kHttp = {on_http_ready};
static const struct server_kind kHttpServer =
    SERVER_CORE_KIND(server_loop, kHttp, server_loop_put_iterations, kPluginOptions);

RB_SERVER_SHELL(rr, RB_TEMPLATE_IDENT_rr_server_ops, kHttpServer);
