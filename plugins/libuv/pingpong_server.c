#include "pingpong_server.h"

#include "options.h"
#include "server_loops.h"
#include "stream_echo.h"

struct echo_conn {
  struct server_conn base;
  uv_shutdown_t shutdown;
};

static void on_shutdown(uv_shutdown_t* req, int status) {
  (void)status;
  server_conn_close(req->handle->data);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct echo_conn* conn = stream->data;
  struct server_counts* counts = &conn->base.loop->counts;
  if (nread > 0) {
    counts->bytes_read += (uint64_t)nread;
    if (stream_echo(stream, buf->base, (size_t)nread, &counts->bytes_written) != 0)
      server_conn_close(&conn->base);
  } else if (nread == UV_EOF) {
    uv_read_stop(stream);
    if (uv_shutdown(&conn->shutdown, stream, on_shutdown) != 0) server_conn_close(&conn->base);
  } else if (nread < 0) {
    server_conn_close(&conn->base);
  }
}

static int open_echo(void* server, const struct server_setup* setup, const rb_option* options,
                     uint32_t option_count, char* err, size_t err_len) {
  struct libuv_options parsed;
  const int rc =
      parse_libuv_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  const struct server_protocol echo = {sizeof(struct echo_conn), on_read, NULL, NULL};
  return server_group_init(server, setup, &echo, parsed.read_size, err, err_len);
}

static const struct server_kind kEcho = {
    sizeof(struct server_group), open_echo, server_group_serve,
    server_group_count,          NULL,      server_group_close};

RB_SERVER_SHELL(pingpong, libuv_pingpong_server_ops, kEcho);
