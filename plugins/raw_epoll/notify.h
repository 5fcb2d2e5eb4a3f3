#ifndef RAW_EPOLL_NOTIFY_H
#define RAW_EPOLL_NOTIFY_H

#include "reactorbench/plugin.h"

/* The floor of a kernel-mediated hand-off: post pushes onto a mutex-protected queue and
 * adds 1 to an eventfd; the consumer thread epoll_waits on that eventfd, reads (resets) the
 * counter and swaps the whole queue out under one lock. Option wake = "every" (an eventfd
 * write per post, the default) or "when_empty" (only the post that made the queue non-empty
 * writes: one kernel wake-up per batch, the least any eventfd design can do). */
extern const rb_notify_ops raw_epoll_notify_ops;

#endif
