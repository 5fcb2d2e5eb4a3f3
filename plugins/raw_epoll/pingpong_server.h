#ifndef RAW_EPOLL_PINGPONG_SERVER_H
#define RAW_EPOLL_PINGPONG_SERVER_H

#include "reactorbench/plugin.h"

/* The pingpong server on epoll(7) directly: one fixed 64 KiB read buffer per loop, each read
 * written straight back, a connection buffering only what the socket did not take (and not
 * reading again until that is gone). threads == 1: one loop accepts and echoes; threads > 1:
 * the calling thread accepts and adds each connection round-robin to a worker's epoll set
 * (epoll_ctl is thread-safe, so no hand-off queue is needed). */
extern const rb_pingpong_server_ops raw_epoll_pingpong_server_ops;

#endif
