#ifndef LIBEVENT2_SIGPIPE_BLOCK_H
#define LIBEVENT2_SIGPIPE_BLOCK_H

#include <signal.h>

/* libevent writes to sockets with writev(2), and a plugin cannot count on its host ignoring SIGPIPE
 * (the runner's cell process does, another host may not): a write to a client that has gone would
 * end the process instead of failing with EPIPE. SIGPIPE is raised in the writing thread, so
 * blocking it there (threads created meanwhile inherit the mask) turns it into that error without
 * touching the process's signal dispositions. */
struct sigpipe_block {
  sigset_t saved;
};

/* Blocks SIGPIPE in the calling thread. */
void sigpipe_block_enter(struct sigpipe_block* block);

/* Discards a SIGPIPE raised here while it was blocked (unless it was blocked already on
 * entry), then restores the mask: the host's thread leaves as it came. */
void sigpipe_block_leave(const struct sigpipe_block* block);

#endif
