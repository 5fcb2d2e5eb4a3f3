#ifndef IO_URING_FLOWER_H
#define IO_URING_FLOWER_H

#include "reactorbench/plugin.h"

/* The flower (hot potato) workload on one io_uring. mode = poll: a POLL_ADD per read end
 * (multishot: submitted once and kept across iterations; else re-armed after each
 * completion), the byte then taken with read(2). mode = read: a READ per read end, the byte
 * arriving in the completion's buffer, re-armed after each. Passing a byte on is a write(2)
 * either way, as in every other plugin's game. */
extern const rb_flower_ops io_uring_flower_ops;

#endif
