#ifndef LIBUV_PLUGIN_LOOP_TEARDOWN_H
#define LIBUV_PLUGIN_LOOP_TEARDOWN_H

#include <stddef.h>
#include <uv.h>

/* uv_loop_init, with *ready set once it succeeded (so teardown knows to close_loop): RB_OK, or
 * RB_ERR_SYSTEM "uv_loop_init: ..." in err. */
int open_loop(uv_loop_t* loop, int* ready, char* err, size_t err_len);

/* Ends a loop that was initialised with uv_loop_init: closes every handle that is not closing
 * yet (with no close callback, so only handles whose memory outlives this call may be left to
 * it; connections are closed by their owners first, with callbacks that free them), runs the
 * loop until every close and cancelled request has called back, and closes the loop, which
 * releases its epoll fd and its signal pipe. Returns uv_loop_close's result. */
int close_loop(uv_loop_t* loop);

/* uv_close unless the handle is closing already, so teardown paths can overlap. */
void close_handle(uv_handle_t* handle, uv_close_cb on_closed);

#endif
