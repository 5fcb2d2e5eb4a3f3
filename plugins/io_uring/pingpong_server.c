#include "pingpong_server.h"

#include "server_counters.h"
#include "uring_server.h"

/* Sends back what arrived; what the socket does not take waits in the connection's output,
 * and input stops above the high-water mark (uring_conn_settle). */
static int echo(struct uring_loop* io, struct uring_conn* conn, const char* data, size_t n) {
  struct server_loop* loop = server_loop_of(io);
  loop->counts.bytes_read += n;
  if (uring_conn_send(io, conn, data, n) == 0) return 0;
  uring_conn_close(io, conn);
  return -1;
}

static const struct uring_handlers kEchoHandlers = {server_loop_control, echo, NULL,
                                                    server_conn_ended};

static int run_echo_loop(struct server_loop* loop, char* err, size_t err_len) {
  return server_loop_run(loop, &kEchoHandlers, err, err_len);
}

static const struct uring_protocol kEchoProtocol = {0, sizeof(struct served_conn), NULL,
                                                    run_echo_loop};
static const struct server_kind kEcho =
    SERVER_CORE_KIND(uring_server, kEchoProtocol, uring_server_put_counters, kIoUringOptions);

RB_SERVER_SHELL(pingpong, io_uring_pingpong_server_ops, kEcho);
