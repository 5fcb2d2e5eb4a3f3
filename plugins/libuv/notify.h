#ifndef LIBUV_PLUGIN_NOTIFY_H
#define LIBUV_PLUGIN_NOTIFY_H

#include "reactorbench/plugin.h"

/* The cross-thread hand-off on libuv: post pushes onto a mutex-guarded queue and calls
 * uv_async_send; the consumer thread runs a uv loop whose uv_async_t callback swaps the whole
 * queue out under the lock. uv_async_send coalesces: a send while the handle is still pending
 * writes nothing, so many posts may share one callback, and a callback may find the queue
 * already taken by the one before it. Counters: "wakeups" callbacks that found items,
 * "callbacks" every callback, "max_batch" the most items one callback took. */
extern const rb_notify_ops libuv_notify_ops;

#endif
