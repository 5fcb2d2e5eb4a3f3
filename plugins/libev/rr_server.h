#ifndef LIBEV_PLUGIN_RR_SERVER_H
#define LIBEV_PLUGIN_RR_SERVER_H

#include "reactorbench/plugin.h"

/* The rr (HTTP/1.1 request/response) server on libev: per connection an ev_io reader that
 * reads into its loop's buffer and feeds <reactorbench/http_request.h>, and an ev_io writer
 * only while a response has not all been taken by the socket. Responses are built once per
 * server and copied only when a send falls short. After a 400, a response that does not keep
 * the connection alive, or the client's end of stream, the connection reads no more and
 * closes once its output is out. Accepting, threads and stopping: server_loops.h. */
extern const rb_rr_server_ops libev_rr_server_ops;

#endif
