#ifndef IO_URING_NOTIFY_H
#define IO_URING_NOTIFY_H

#include "reactorbench/plugin.h"

/* The notify consumer on io_uring: it waits on its ring, and a post wakes it with an
 * IORING_OP_MSG_RING from the producers' ring (wake = msg_ring) or an eventfd write that
 * completes the READ its ring keeps posted on the eventfd (wake = eventfd). */
extern const rb_notify_ops io_uring_notify_ops;

#endif
