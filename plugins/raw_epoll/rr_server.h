#ifndef RAW_EPOLL_RR_SERVER_H
#define RAW_EPOLL_RR_SERVER_H

#include "reactorbench/plugin.h"

/* The rr (HTTP/1.1 request/response) server on epoll(7) directly, parsing with
 * <reactorbench/http_request.h>; the connections and their HTTP are in rr_loop.h.
 * Accepting as the pingpong server does: threads == 1, one loop accepts and serves;
 * threads > 1, the calling thread accepts and adds each connection round-robin to a worker's
 * epoll set. Option: max_events (epoll_wait's maxevents, 1024 by default). */
extern const rb_rr_server_ops raw_epoll_rr_server_ops;

#endif
