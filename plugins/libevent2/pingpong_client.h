#ifndef LIBEVENT2_PINGPONG_CLIENT_H
#define LIBEVENT2_PINGPONG_CLIENT_H

#include "reactorbench/plugin.h"

/* The pingpong client as chenshuo/recipes pingpong/libevent runs it: one bufferevent per
 * session, bufferevent_socket_connect, the block written once connected, every read moved
 * back to the output with evbuffer_add_buffer. Sessions are spread round-robin over
 * `threads` event_bases (each in its own thread when threads > 1), each with a timer at
 * `duration` that shuts down the write side of its sessions once their output is out. */
extern const rb_pingpong_client_ops libevent2_pingpong_client_ops;

#endif
