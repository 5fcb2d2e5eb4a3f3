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

static int open_echo(void* server, const struct server_setup* setup, const rb_option* options,
                     uint32_t option_count, char* err, size_t err_len) {
  struct loop_options parsed;
  const int rc =
      parse_loop_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  const struct server_protocol echo = {sizeof(struct server_conn), on_readable, NULL, NULL};
  return server_loops_init(server, setup, &parsed, &echo, err, err_len);
}

static const struct server_kind kEcho = {
    sizeof(struct server_loops), open_echo, server_loops_serve,
    server_loops_count,          NULL,      server_loops_close};

RB_SERVER_SHELL(pingpong, libev_pingpong_server_ops, kEcho);
