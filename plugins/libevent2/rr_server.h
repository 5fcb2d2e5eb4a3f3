#ifndef LIBEVENT2_RR_SERVER_H
#define LIBEVENT2_RR_SERVER_H

#include "reactorbench/plugin.h"

/* The rr (HTTP/1.1 request/response) server on libevent. Options: backend and changelist as in
 * every workload, and http:
 *   bufferevent (default)  the pingpong server's structure (an evconnlistener on the host's
 *                          socket, threads > 1: accepted fds handed round-robin to worker
 *                          event_bases) with a bufferevent per connection parsed by the shared
 *                          <reactorbench/http_request.h>: every plugin then runs the same HTTP
 *                          code, so the rr numbers compare event loops.
 *   evhttp                 libevent's whole HTTP stack (evhttp), one evhttp per event_base,
 *                          for what a libevent user gets out of the box; see rr_evhttp.c for
 *                          what it answers and counts differently. */
extern const rb_rr_server_ops libevent2_rr_server_ops;

#endif
