#include "pingpong_server.h"

#include "options.h"
#include "server_loops.h"

static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)ev, (void)revents;
  struct server_conn* conn = watcher->data;
  const ssize_t n = server_conn_read(conn);
  if (n == 0) return;
  conn->loop->counts.bytes_read += (uint64_t)n;
  server_conn_send(conn, conn->loop->buffer, (size_t)n);
}

static const struct server_protocol kEchoProtocol = {sizeof(struct server_conn), on_readable, NULL,
                                                     NULL};
static const struct server_kind kEcho =
    SERVER_CORE_KIND(server_loops, kEchoProtocol, NULL, kLibevOptions);

RB_SERVER_SHELL(pingpong, libev_pingpong_server_ops, kEcho);
