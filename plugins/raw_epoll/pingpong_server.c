#include "pingpong_server.h"

#include "epoll_server.h"
#include "options.h"

/* Echoes what a read brought at once, reading on while output waits, up to the high-water
 * mark (output_high_water.h): were both ends of a connection to stop reading while any output
 * waits, a block larger than the two socket buffers would deadlock them. */
static void on_echo_event(struct epoll_loop* loop, struct epoll_conn* conn, uint32_t events) {
  if ((events & EPOLLOUT) &&
      out_buffer_flush(conn->fd, &conn->out, &loop->counts.bytes_written) < 0) {
    epoll_conn_close(loop, conn);
    return;
  }
  if (events & EPOLLIN) {
    const ssize_t n = epoll_conn_read(loop, conn);
    if (n < 0) {
      epoll_conn_close(loop, conn);
      return;
    }
    if (n > 0) {
      loop->counts.bytes_read += (uint64_t)n;
      spin_run(&loop->spin);
      if (out_buffer_send(conn->fd, &conn->out, loop->buffer, (size_t)n,
                          &loop->counts.bytes_written) != 0) {
        epoll_conn_close(loop, conn);
        return;
      }
    }
  } else if (events & (EPOLLERR | EPOLLHUP)) {
    epoll_conn_close(loop, conn);
    return;
  }
  /* EPOLLOUT only while output waits (on an idle socket it would fire on every poll), EPOLLIN
   * only while the output waiting is under the high-water mark. */
  epoll_conn_watch(loop, conn,
                   (rb_output_above_high_water(conn->out.length) ? 0 : EPOLLIN) |
                       (out_buffer_pending(&conn->out) ? EPOLLOUT : 0));
}

static int run_echo_loop(struct epoll_loop* loop, char* err, size_t err_len) {
  return epoll_loop_run(loop, on_echo_event, err, err_len);
}

static const struct epoll_protocol kEchoProtocol = {sizeof(struct epoll_conn), NULL, run_echo_loop};
static const struct server_kind kEcho =
    SERVER_CORE_KIND(epoll_server, kEchoProtocol, NULL, kRawEpollOptions);

RB_SERVER_SHELL(pingpong, raw_epoll_pingpong_server_ops, kEcho);
