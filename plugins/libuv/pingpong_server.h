#ifndef LIBUV_PLUGIN_PINGPONG_SERVER_H
#define LIBUV_PLUGIN_PINGPONG_SERVER_H

#include "reactorbench/plugin.h"

/* The pingpong server on libuv: a uv_tcp_t per connection (uv_tcp_open on the accepted fd,
 * uv_tcp_nodelay), uv_read_start into the loop's one read buffer of read_size bytes, each
 * read echoed at once (stream_echo.h). At the client's end of stream the connection stops
 * reading and uv_shutdown sends its FIN once every echo is out; the shutdown's callback
 * closes it. Accepting, threads and stopping: server_loops.h. */
extern const rb_pingpong_server_ops libuv_pingpong_server_ops;

#endif
