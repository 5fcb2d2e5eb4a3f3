#ifndef LIBEV_PLUGIN_PINGPONG_SERVER_H
#define LIBEV_PLUGIN_PINGPONG_SERVER_H

#include "reactorbench/plugin.h"

/* The pingpong echo server on libev: per connection an ev_io reader that reads up to 64 KiB
 * into its loop's buffer and sends it straight back, and an ev_io writer only while the
 * socket has not taken everything. A client's end of stream closes the connection once its
 * echo is out. Accepting, threads and stopping: server_loops.h. */
extern const rb_pingpong_server_ops libev_pingpong_server_ops;

#endif
