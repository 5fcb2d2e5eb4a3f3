#ifndef RAW_EPOLL_NOTIFY_OPTIONS_H
#define RAW_EPOLL_NOTIFY_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* From [plugin_options.raw-epoll] for the notify workload. */
struct notify_options {
  int wake_when_empty; /* wake = "when_empty"; default "every" */
  uint64_t spin_ns;    /* busy-wait per item consumed (spin.h); 0 = off */
};

/* Unknown keys and malformed values give RB_ERR_INVALID_ARGUMENT with a message naming them. */
int parse_notify_options(const rb_option* options, uint32_t option_count,
                         struct notify_options* out, char* err, size_t err_len);

#endif
