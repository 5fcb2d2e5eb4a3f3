#ifndef RAW_EPOLL_FLOWER_H
#define RAW_EPOLL_FLOWER_H

#include "reactorbench/plugin.h"

/* The flower (hot potato) workload on one epoll instance: every read end is added once,
 * level-triggered, and stays registered across iterations (the host reuses the same fds),
 * so arm after the first only resets the game. */
extern const rb_flower_ops raw_epoll_flower_ops;

#endif
