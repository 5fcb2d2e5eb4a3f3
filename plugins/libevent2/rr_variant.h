#ifndef LIBEVENT2_RR_VARIANT_H
#define LIBEVENT2_RR_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "reactorbench/plugin.h"

/* What every rr server reports; rr_server.c turns it into the ABI's counters. */
struct rr_counts {
  uint64_t connections;
  uint64_t requests;     /* answered 200 */
  uint64_t bad_requests; /* answered 400 */
  uint64_t accept_refused;
};

/* One way of serving rr, picked by the http option; rr_server.c checks the params and parses
 * the options before prepare, and guards SIGPIPE around serve. */
struct rr_variant {
  int (*prepare)(const rb_rr_server_params* params, const struct rr_options* options, void** impl,
                 char* err, size_t err_len);
  int (*serve)(void* impl, char* err, size_t err_len);
  void (*count)(const void* impl, struct rr_counts* counts);
  void (*release)(void* impl);
};

/* http = bufferevent (rr_bufferevent.c) and http = evhttp (rr_evhttp.c). */
extern const struct rr_variant libevent2_rr_bufferevent;
extern const struct rr_variant libevent2_rr_evhttp;

#endif
