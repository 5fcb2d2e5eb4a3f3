#include "pingpong_server.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "abi_tables.h"
#include "conn_io.h"
#include "error_message.h"
#include "options.h"
#include "output_high_water.h"
#include "server_counters.h"
#include "server_loops.h"
#include "server_params.h"

enum { kReadBufferSize = 64 * 1024 };

struct echo_loop;

struct echo_conn {
  struct conn_io io;
  struct echo_loop* loop;
  int draining; /* the client's end of stream came: close once the echo is out */
  struct echo_conn* prev;
  struct echo_conn* next;
};

/* One loop's connections and counts, touched only by that loop's thread while it runs. */
struct echo_loop {
  struct ev_loop* ev;
  struct echo_conn* conns;
  char* buffer;
  uint64_t bytes_read;
  uint64_t bytes_written;
};

struct echo_server {
  struct server_loops loops;
  struct echo_loop* echo_loops;
  uint32_t count;
};

static void close_conn(struct echo_conn* conn) {
  struct echo_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  conn_io_close(loop->ev, &conn->io);
  free(conn);
}

static void on_readable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct echo_conn* conn = watcher->data;
  struct echo_loop* loop = conn->loop;
  const ssize_t n = read(conn->io.fd, loop->buffer, kReadBufferSize);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (n == 0 && out_buffer_pending(&conn->io.out)) {
    conn->draining = 1;
    conn_io_stop_reading(ev, &conn->io);
    return;
  }
  if (n <= 0) {
    close_conn(conn);
    return;
  }
  loop->bytes_read += (uint64_t)n;
  if (conn_io_send(ev, &conn->io, loop->buffer, (size_t)n, &loop->bytes_written) != 0)
    close_conn(conn);
  else if (rb_output_above_high_water(conn->io.out.length))
    conn_io_stop_reading(ev, &conn->io); /* until on_writable has sent it */
}

static void on_writable(struct ev_loop* ev, ev_io* watcher, int revents) {
  (void)revents;
  struct echo_conn* conn = watcher->data;
  const int rc = conn_io_flush(ev, &conn->io, &conn->loop->bytes_written);
  if (rc < 0 || (rc == 1 && conn->draining))
    close_conn(conn);
  else if (rc == 1 && !ev_is_active(&conn->io.reader))
    conn_io_start_reading(ev, &conn->io);
}

static void start_connection(void* ctx, uint32_t index, struct ev_loop* ev, int fd) {
  struct echo_server* server = ctx;
  struct echo_loop* loop = &server->echo_loops[index];
  struct echo_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) {
    close(fd);
    return;
  }
  conn->loop = loop;
  conn_io_init(&conn->io, fd, on_readable, on_writable, conn);
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  conn_io_start_reading(ev, &conn->io);
}

static void close_connections(void* ctx, uint32_t index, struct ev_loop* ev) {
  (void)ev;
  struct echo_server* server = ctx;
  while (server->echo_loops[index].conns != NULL) close_conn(server->echo_loops[index].conns);
}

static void destroy(struct echo_server* server) {
  if (server == NULL) return;
  for (uint32_t i = 0; server->echo_loops != NULL && i < server->count; ++i) {
    if (server->echo_loops[i].ev != NULL) close_connections(server, i, server->echo_loops[i].ev);
    free(server->echo_loops[i].buffer);
  }
  server_loops_free(&server->loops);
  free(server->echo_loops);
  free(server);
}

static int prepare(const rb_host* host, const rb_pingpong_server_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct loop_options parsed;
  rc = parse_loop_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct echo_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->count = params->threads;
  server->echo_loops = calloc(server->count, sizeof *server->echo_loops);
  if (server->echo_loops == NULL) {
    free(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  const struct server_protocol protocol = {server, start_connection, close_connections};
  rc = server_loops_init(&server->loops, params->listen_fd, params->stop_fd, params->threads,
                         &parsed, &protocol, err, err_len);
  for (uint32_t i = 0; rc == RB_OK && i < server->count; ++i) {
    server->echo_loops[i].ev = server_loops_loop(&server->loops, i);
    server->echo_loops[i].buffer = malloc(kReadBufferSize);
    if (server->echo_loops[i].buffer == NULL)
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for read buffers");
  }
  if (rc != RB_OK) {
    destroy(server);
    return rc;
  }
  *state = server;
  return RB_OK;
}

static int serve(void* state, char* err, size_t err_len) {
  struct echo_server* server = state;
  if (server == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  return server_loops_serve(&server->loops, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct echo_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t bytes_read = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->count; ++i) {
    bytes_read += server->echo_loops[i].bytes_read;
    bytes_written += server->echo_loops[i].bytes_written;
  }
  pingpong_server_put_counters(sink, server->loops.connections, bytes_read, bytes_written,
                               server->loops.acceptor.refused);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_server_ops libev_pingpong_server_ops =
    RB_PINGPONG_SERVER_OPS(prepare, serve, counters, release);
