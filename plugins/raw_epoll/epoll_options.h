#ifndef RAW_EPOLL_EPOLL_OPTIONS_H
#define RAW_EPOLL_EPOLL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* From [plugin_options.raw-epoll]. */
struct epoll_options {
  uint32_t max_events; /* epoll_wait's maxevents; 0 means the default for the pipe count */
  uint64_t spin_ns;    /* busy-wait per read callback / served message (spin.h); 0 = off */
};

enum { kMaxEventsLimit = 1 << 20 };

/* 10 ms per event is far beyond any slowdown worth injecting; more is surely a typo. */
#define RAW_EPOLL_SPIN_NS_LIMIT 10000000ull

/* Option spin_ns's value, shared with the notify options: RB_OK or RB_ERR_INVALID_ARGUMENT
 * with a message naming the range. */
int parse_spin_ns(const char* value, uint64_t* out, char* err, size_t err_len);

/* Unknown keys and malformed values give RB_ERR_INVALID_ARGUMENT with a message naming them. */
int parse_epoll_options(const rb_option* options, uint32_t option_count, struct epoll_options* out,
                        char* err, size_t err_len);

#endif
