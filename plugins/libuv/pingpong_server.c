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

/* The echo is out: read on if reading stopped above the high-water mark. */
static void on_drained(uv_stream_t* stream) {
  server_conn_drained(stream->data);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  struct echo_conn* conn = stream->data;
  struct server_counts* counts = &conn->base.loop->counts;
  if (nread > 0) {
    counts->bytes_read += (uint64_t)nread;
    if (stream_echo(stream, buf->base, (size_t)nread, &counts->bytes_written, on_drained) != 0)
      server_conn_close(&conn->base);
    else
      server_conn_stop_if_above_high_water(&conn->base);
  } else if (nread == UV_EOF) {
    uv_read_stop(stream);
    if (uv_shutdown(&conn->shutdown, stream, on_shutdown) != 0) server_conn_close(&conn->base);
  } else if (nread < 0) {
    server_conn_close(&conn->base);
  }
}

static const struct server_protocol kEchoProtocol = {sizeof(struct echo_conn), on_read, NULL};
static const struct server_kind kEcho =
    SERVER_CORE_KIND(server_group, kEchoProtocol, NULL, kLibuvOptions);

RB_SERVER_SHELL(pingpong, libuv_pingpong_server_ops, kEcho);
