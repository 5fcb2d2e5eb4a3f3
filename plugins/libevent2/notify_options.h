#ifndef LIBEVENT2_NOTIFY_OPTIONS_H
#define LIBEVENT2_NOTIFY_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* How the notify consumer is woken, from [plugin_options.libevent2]. */
struct notify_options {
  int use_eventfd; /* wakeup = "eventfd"; default "pipe" (seed 004: one byte per item) */
  int drain_all;   /* drain = "all": take every pending token per callback; default "one" */
};

/* Defaults: pipe, one. Unknown keys and malformed values give RB_ERR_INVALID_ARGUMENT with a
 * message naming them. */
int parse_notify_options(const rb_option* options, uint32_t option_count,
                         struct notify_options* out, char* err, size_t err_len);

#endif
