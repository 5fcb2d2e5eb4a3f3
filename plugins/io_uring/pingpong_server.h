#ifndef IO_URING_PINGPONG_SERVER_H
#define IO_URING_PINGPONG_SERVER_H

#include "reactorbench/plugin.h"

/* The pingpong echo server on io_uring (uring_server.h): what a completion brought is sent
 * back at once. */
extern const rb_pingpong_server_ops io_uring_pingpong_server_ops;

#endif
