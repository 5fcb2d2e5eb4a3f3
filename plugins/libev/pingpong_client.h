#ifndef LIBEV_PLUGIN_PINGPONG_CLIENT_H
#define LIBEV_PLUGIN_PINGPONG_CLIENT_H

#include "reactorbench/plugin.h"

/* The pingpong client on libev: sessions dealt round-robin over `threads` ev_loops (each on
 * its own thread when threads > 1). A session connects with an ev_io writer, sends its block,
 * then an ev_io reader sends back everything it reads (64 KiB per read). An ev_timer per
 * loop at duration_ms stops the echo; each session shuts down its write side once its output
 * is out and counts as completed when the server's end of stream follows. An ev_io on
 * stop_fd in every loop ends the run early, with an error. */
extern const rb_pingpong_client_ops libev_pingpong_client_ops;

#endif
