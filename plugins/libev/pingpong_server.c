#include "pingpong_server.h"

#include <stdlib.h>

#include "error_message.h"
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

static int open_echo(const struct server_setup* setup, const rb_option* options,
                     uint32_t option_count, void** impl, char* err, size_t err_len) {
  struct loop_options parsed;
  int rc = parse_loop_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct server_loops* loops = calloc(1, sizeof *loops);
  if (loops == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  const struct server_protocol echo = {sizeof(struct server_conn), on_readable, NULL, NULL};
  rc = server_loops_init(loops, setup, &parsed, &echo, err, err_len);
  if (rc != RB_OK) {
    free(loops);
    return rc;
  }
  *impl = loops;
  return RB_OK;
}

static void close_echo(void* impl) {
  server_loops_free(impl);
  free(impl);
}

static const struct server_kind kEcho = {open_echo, server_loops_serve, server_loops_count, NULL,
                                         close_echo};

RB_SERVER_SHELL(pingpong, libev_pingpong_server_ops, kEcho);
