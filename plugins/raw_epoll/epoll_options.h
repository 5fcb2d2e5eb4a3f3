#ifndef RAW_EPOLL_EPOLL_OPTIONS_H
#define RAW_EPOLL_EPOLL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* From [plugin_options.raw-epoll]. */
struct epoll_options {
  uint32_t max_events; /* epoll_wait's maxevents; 0 means the default for the pipe count */
};

enum { kMaxEventsLimit = 1 << 20 };

/* Unknown keys and malformed values give RB_ERR_INVALID_ARGUMENT with a message naming them. */
int parse_epoll_options(const rb_option* options, uint32_t option_count, struct epoll_options* out,
                        char* err, size_t err_len);

#endif
