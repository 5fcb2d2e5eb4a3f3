#ifndef LIBEVENT2_NOTIFY_H
#define LIBEVENT2_NOTIFY_H

#include "reactorbench/plugin.h"

/* The notify workload as the pipe-vs-condvar study wrote it: post pushes the value onto a
 * mutex-protected queue and writes one token (a pipe byte, or an eventfd count); the consumer
 * thread runs event_base_dispatch with an EV_READ | EV_PERSIST event on the read end whose
 * callback takes a token and pops one item per token. */
extern const rb_notify_ops libevent2_notify_ops;

#endif
