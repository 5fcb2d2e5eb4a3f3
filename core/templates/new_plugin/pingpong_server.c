/* The pingpong server: echo everything read (server_loop.c runs the loop, the kit's server
 * shell the ABI). The host's client checks every byte and the counters connections,
 * bytes_read and bytes_written (what write(2) accepted). */
#include <reactorbench/kit/output_high_water.h>
#include <sys/epoll.h>

#include "options.h"
#include "server_loop.h"

/* Reads on while output waits, up to the high-water mark: were both ends to stop reading
 * while any output waits, a block larger than the two socket buffers would deadlock them. */
static void on_echo_ready(struct server_loop* loop, struct loop_conn* conn, uint32_t events) {
  if ((events & EPOLLOUT) &&
      out_buffer_flush(conn->fd, &conn->out, &loop->counts.bytes_written) < 0) {
    loop_conn_close(loop, conn);
    return;
  }
  if (events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
    const ssize_t n = loop_conn_read(loop, conn);
    if (n < 0) {
      loop_conn_close(loop, conn);
      return;
    }
    loop->counts.bytes_read += (uint64_t)n;
    if (n > 0 && out_buffer_send(conn->fd, &conn->out, loop->buffer, (size_t)n,
                                 &loop->counts.bytes_written) != 0) {
      loop_conn_close(loop, conn);
      return;
    }
  }
  /* EPOLLOUT only while output waits, EPOLLIN only while it is under the high-water mark. */
  loop_conn_watch(loop, conn,
                  (rb_output_above_high_water(conn->out.length) ? 0 : EPOLLIN) |
                      (out_buffer_pending(&conn->out) ? EPOLLOUT : 0));
}

static const struct loop_protocol kEcho = {on_echo_ready};
static const struct server_kind kEchoServer =
    SERVER_CORE_KIND(server_loop, kEcho, server_loop_put_iterations, kPluginOptions);

RB_SERVER_SHELL(pingpong, RB_TEMPLATE_IDENT_pingpong_server_ops, kEchoServer);
