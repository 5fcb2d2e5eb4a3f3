#ifndef LIBEVENT2_RR_VARIANT_H
#define LIBEVENT2_RR_VARIANT_H

#include "server_shell.h"

/* The two ways of serving rr, picked by the http option (rr_server.c), each a server_kind:
 * http = bufferevent (rr_bufferevent.c) and http = evhttp (rr_evhttp.c). Each parses the rr
 * options itself; rr_server.c guards SIGPIPE around serve. */
extern const struct server_kind libevent2_rr_bufferevent;
extern const struct server_kind libevent2_rr_evhttp;

#endif
