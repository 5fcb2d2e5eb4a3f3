#ifndef LIBUV_PLUGIN_RR_SERVER_H
#define LIBUV_PLUGIN_RR_SERVER_H

#include "reactorbench/plugin.h"

/* The rr (HTTP/1.1 request/response) server on libuv: a uv_tcp_t per connection reading into
 * the loop's one read buffer, <reactorbench/http_request.h> parsing every request, and each
 * response (built once per server, so never copied) sent with uv_write from a per-loop pool
 * of requests. After a 400, or a response that does not keep the connection alive, the
 * connection stops reading and uv_close follows the last uv_write's completion. Accepting,
 * threads and stopping: server_loops.h. */
extern const rb_rr_server_ops libuv_rr_server_ops;

#endif
