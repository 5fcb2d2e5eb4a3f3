#ifndef LIBEVENT2_FLOWER_H
#define LIBEVENT2_FLOWER_H

#include "reactorbench/plugin.h"

/* The flower (hot potato) workload on a libevent event_base, as libevent's test/bench.c
 * runs it: event_del + event_assign + event_add per pipe per iteration, then
 * event_base_loop(EVLOOP_ONCE | EVLOOP_NONBLOCK) until every byte has been read. */
extern const rb_flower_ops libevent2_flower_ops;

#endif
