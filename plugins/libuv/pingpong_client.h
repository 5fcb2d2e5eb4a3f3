#ifndef LIBUV_PLUGIN_PINGPONG_CLIENT_H
#define LIBUV_PLUGIN_PINGPONG_CLIENT_H

#include "reactorbench/plugin.h"

/* The pingpong client on libuv: sessions dealt round-robin over `threads` uv loops (each on
 * its own thread when threads > 1), a uv_tcp_t per session connected with uv_tcp_connect;
 * once connected TCP_NODELAY, uv_read_start and the first block with uv_write; every read is
 * verified (on the sessions verify_stride picks) and echoed back (stream_echo.h). A timer per
 * loop at duration_ms ends the echoing: each session asks uv_shutdown for its FIN, which
 * libuv sends once the session's writes are out, and reads on until the server's FIN. A
 * uv_poll_t per loop watches stop_fd. */
extern const rb_pingpong_client_ops libuv_pingpong_client_ops;

#endif
