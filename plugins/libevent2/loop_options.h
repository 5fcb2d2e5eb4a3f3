#ifndef LIBEVENT2_LOOP_OPTIONS_H
#define LIBEVENT2_LOOP_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* How the event_base is built, from [plugin_options.libevent2]. */
struct loop_options {
  const char* backend; /* libevent's method name: "epoll", "poll" or "select" */
  int use_changelist;  /* EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST */
};

/* Fills options from the host's key/value pairs (defaults: epoll, changelist off). Unknown
 * keys and malformed values give RB_ERR_INVALID_ARGUMENT with a message naming them. */
int parse_loop_options(const rb_option* options, uint32_t option_count, struct loop_options* out,
                       char* err, size_t err_len);

/* The backends libevent may choose among on Linux; all but the requested one are avoided. */
extern const char* const kLoopBackends[];
extern const size_t kLoopBackendCount;

#endif
