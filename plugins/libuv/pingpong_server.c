#include "pingpong_server.h"

#include <stdlib.h>
#include <uv.h>

#include "abi_tables.h"
#include "error_message.h"
#include "loop_teardown.h"
#include "options.h"
#include "output_high_water.h"
#include "server_counters.h"
#include "server_loops.h"
#include "server_params.h"
#include "stream_echo.h"

struct echo_loop;

struct echo_conn {
  uv_tcp_t tcp;
  uv_shutdown_t shutdown;
  struct echo_loop* loop;
  int above_high_water; /* reads no more until the echo is out */
  struct echo_conn* prev;
  struct echo_conn* next;
};

struct echo_loop {
  char* buffer; /* every read lands here; the read callback is done with it before the next */
  size_t buffer_size;
  struct echo_conn* conns;
  uint64_t bytes_read;
  uint64_t bytes_written;
};

struct echo_server {
  struct server_group group;
  struct echo_loop* loops;
};

static void on_conn_closed(uv_handle_t* handle) {
  struct echo_conn* conn = handle->data;
  struct echo_loop* loop = conn->loop;
  if (conn->prev != NULL) conn->prev->next = conn->next;
  if (conn->next != NULL) conn->next->prev = conn->prev;
  if (loop->conns == conn) loop->conns = conn->next;
  free(conn);
}

static void close_conn(struct echo_conn* conn) {
  close_handle((uv_handle_t*)&conn->tcp, on_conn_closed);
}

static void on_alloc(uv_handle_t* handle, size_t suggested_size, uv_buf_t* buf) {
  (void)suggested_size;
  const struct echo_conn* conn = handle->data;
  *buf = uv_buf_init(conn->loop->buffer, (unsigned int)conn->loop->buffer_size);
}

static void on_shutdown(uv_shutdown_t* req, int status) {
  (void)status;
  close_conn(req->handle->data);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);

/* The echo is out: read on if reading stopped above the high-water mark. */
static void on_drained(uv_stream_t* stream) {
  struct echo_conn* conn = stream->data;
  if (!conn->above_high_water) return;
  conn->above_high_water = 0;
  if (uv_read_start(stream, on_alloc, on_read) != 0) close_conn(conn);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct echo_conn* conn = stream->data;
  if (nread > 0) {
    conn->loop->bytes_read += (uint64_t)nread;
    if (stream_echo(stream, buf->base, (size_t)nread, &conn->loop->bytes_written, on_drained) !=
        0) {
      close_conn(conn);
    } else if (rb_output_above_high_water(stream->write_queue_size)) {
      conn->above_high_water = 1;
      uv_read_stop(stream);
    }
  } else if (nread == UV_EOF) {
    uv_read_stop(stream);
    if (uv_shutdown(&conn->shutdown, stream, on_shutdown) != 0) close_conn(conn);
  } else if (nread < 0) {
    close_conn(conn);
  }
}

static int open_connection(struct server_loop* server_loop, int fd) {
  struct echo_loop* loop = server_loop->data;
  struct echo_conn* conn = calloc(1, sizeof *conn);
  if (conn == NULL) return UV_ENOMEM;
  int rc = uv_tcp_init(&server_loop->uv, &conn->tcp);
  if (rc != 0) {
    free(conn);
    return rc;
  }
  conn->tcp.data = conn;
  conn->loop = loop;
  conn->next = loop->conns;
  if (loop->conns != NULL) loop->conns->prev = conn;
  loop->conns = conn;
  rc = uv_tcp_open(&conn->tcp, fd);
  if (rc != 0) {
    close_conn(conn); /* the handle never took the fd: the caller closes it */
    return rc;
  }
  uv_tcp_nodelay(&conn->tcp, 1);
  if (uv_read_start((uv_stream_t*)&conn->tcp, on_alloc, on_read) != 0) close_conn(conn);
  return 0;
}

static void close_connections(struct server_loop* server_loop) {
  for (struct echo_conn* conn = ((struct echo_loop*)server_loop->data)->conns; conn != NULL;
       conn = conn->next)
    close_conn(conn);
}

static const struct server_handler kEchoHandler = {
    .open_connection = open_connection,
    .close_connections = close_connections,
};

static void destroy(struct echo_server* server) {
  if (server == NULL) return;
  server_group_destroy(&server->group);
  for (uint32_t i = 0; server->loops != NULL && i < server->group.threads; ++i)
    free(server->loops[i].buffer);
  free(server->loops);
  free(server);
}

static int attach_loops(struct echo_server* server, uint32_t read_size, char* err, size_t err_len) {
  const uint32_t threads = server->group.threads;
  server->loops = calloc(threads, sizeof *server->loops);
  if (server->loops == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  for (uint32_t i = 0; i < threads; ++i) {
    struct echo_loop* loop = &server->loops[i];
    loop->buffer = malloc(read_size);
    loop->buffer_size = read_size;
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a %u-byte read buffer",
                          read_size);
    server->group.loops[i].data = loop;
  }
  return RB_OK;
}

static int prepare(const rb_host* host, const rb_pingpong_server_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct libuv_options parsed;
  rc = parse_libuv_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct echo_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  rc = server_group_init(&server->group, &kEchoHandler, params->listen_fd, params->stop_fd,
                         params->threads, err, err_len);
  if (rc == RB_OK) rc = attach_loops(server, parsed.read_size, err, err_len);
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
  return server_group_serve(&server->group, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct echo_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t bytes_read = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->group.threads; ++i) {
    bytes_read += server->loops[i].bytes_read;
    bytes_written += server->loops[i].bytes_written;
  }
  pingpong_server_put_counters(sink, server->group.connections, bytes_read, bytes_written,
                               server->group.listener.refused);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_server_ops libuv_pingpong_server_ops =
    RB_PINGPONG_SERVER_OPS(prepare, serve, counters, release);
