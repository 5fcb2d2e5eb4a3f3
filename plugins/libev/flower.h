#ifndef LIBEV_PLUGIN_FLOWER_H
#define LIBEV_PLUGIN_FLOWER_H

#include "reactorbench/plugin.h"

/* The flower (hot potato) workload on one ev_loop, as libev's port of bench.c runs it: arm
 * stops, re-sets and restarts an ev_io per pipe (ev_io_set makes libev tell the backend
 * again, as bench.c's event_set does), dispatch is one ev_run that the read callback ends
 * with ev_break once every byte has been read. */
extern const rb_flower_ops libev_flower_ops;

#endif
