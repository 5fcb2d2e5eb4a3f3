#ifndef PLUGIN_OPTIONS_H
#define PLUGIN_OPTIONS_H

#include <reactorbench/kit/option_table.h>

/* The options this plugin takes, declared once: the descriptor lists them (the runner checks
 * configs against them before anything runs) and every workload parses what it receives
 * against the same table, so the two cannot disagree. Add yours here. */
enum { kPollTimeoutMs, kOptionCount };
extern const rb_option_decl kPluginOptions[kOptionCount];

/* poll_timeout_ms: how long one wait of the loop may block before it looks at the host's stop
 * request (never reached while the workload moves). */
int poll_timeout_ms_of(const rb_option_value* values);

#endif
