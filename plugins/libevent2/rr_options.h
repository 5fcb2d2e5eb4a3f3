#ifndef LIBEVENT2_RR_OPTIONS_H
#define LIBEVENT2_RR_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "loop_options.h"
#include "reactorbench/plugin.h"

/* How the rr server is built, from [plugin_options.libevent2]. */
struct rr_options {
  struct loop_options loop; /* backend, changelist: as every workload */
  /* http = "evhttp": libevent's own HTTP stack; default "bufferevent": bufferevents with the
   * shared parser of <reactorbench/http_request.h>, so the numbers are about the loop. */
  int use_evhttp;
};

/* Unknown keys and malformed values give RB_ERR_INVALID_ARGUMENT with a message naming them. */
int parse_rr_options(const rb_option* options, uint32_t option_count, struct rr_options* out,
                     char* err, size_t err_len);

#endif
