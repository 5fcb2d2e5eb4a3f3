#ifndef LIBEVENT2_PINGPONG_SERVER_H
#define LIBEVENT2_PINGPONG_SERVER_H

#include "reactorbench/plugin.h"

/* The pingpong server as chenshuo/recipes pingpong/libevent runs it: an evconnlistener on the
 * host's socket, a bufferevent per connection whose read callback moves the input to the
 * output with evbuffer_add_buffer, TCP_NODELAY. threads > 1: the listener's base only
 * accepts and hands each fd round-robin, through a pipe, to one of `threads` worker
 * event_bases, each in its own thread. libevent reads at most 4096 bytes per call
 * (EVBUFFER_MAX_READ) and a bufferevent cannot raise that. */
extern const rb_pingpong_server_ops libevent2_pingpong_server_ops;

#endif
