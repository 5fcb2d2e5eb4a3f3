#ifndef IO_URING_PINGPONG_CLIENT_H
#define IO_URING_PINGPONG_CLIENT_H

#include "reactorbench/plugin.h"

/* The pingpong client on io_uring (uring_loop.h): every session connects non-blocking up front
 * and its loop waits for the connect with a POLLOUT poll; input arrives as mode, multishot and
 * provided_buffers say, as in the servers; each read is verified where sampled and sent
 * straight back. An IORING_OP_TIMEOUT ends the echoing at the deadline: each session shuts
 * down its write side once its output is out, then counts what still arrives until the server
 * closes. */
extern const rb_pingpong_client_ops io_uring_pingpong_client_ops;

#endif
