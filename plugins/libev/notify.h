#ifndef LIBEV_PLUGIN_NOTIFY_H
#define LIBEV_PLUGIN_NOTIFY_H

#include "reactorbench/plugin.h"

/* The pipe-vs-condvar study's hand-off with libev's own cross-thread wake-up: post pushes onto a
 * mutex-guarded queue and calls ev_async_send; the consumer thread runs an ev_loop whose
 * ev_async callback swaps the queue for its own and drains it. ev_async_send coalesces:
 * while a send is pending, or while the loop is not about to block, it writes nothing to
 * libev's eventfd, so a busy consumer is woken far less than once per item. */
extern const rb_notify_ops libev_notify_ops;

#endif
