#ifndef RAW_EPOLL_PINGPONG_CLIENT_H
#define RAW_EPOLL_PINGPONG_CLIENT_H

#include "reactorbench/plugin.h"

/* The pingpong client on epoll(7) directly: every session connects non-blocking up front,
 * sessions go round-robin to `threads` loops (the calling thread runs the only one when
 * threads == 1), each read is verified where sampled and written straight back from one
 * fixed 64 KiB buffer per loop. At the deadline each session shuts down its write side once
 * its output is out, then counts what still arrives until the server closes. */
extern const rb_pingpong_client_ops raw_epoll_pingpong_client_ops;

#endif
