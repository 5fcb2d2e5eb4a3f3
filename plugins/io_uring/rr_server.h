#ifndef IO_URING_RR_SERVER_H
#define IO_URING_RR_SERVER_H

#include "reactorbench/plugin.h"

/* The rr HTTP server on io_uring (uring_server.h), answering with rr_answer.h. */
extern const rb_rr_server_ops io_uring_rr_server_ops;

#endif
