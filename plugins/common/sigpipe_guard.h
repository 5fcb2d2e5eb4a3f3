#ifndef RB_PLUGIN_COMMON_SIGPIPE_GUARD_H
#define RB_PLUGIN_COMMON_SIGPIPE_GUARD_H

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libuv and libevent write to sockets with write(2)/writev(2), not send(MSG_NOSIGNAL), and a
 * plugin cannot count on its host ignoring SIGPIPE (the runner's cell process does, another
 * host may not): a write to a peer that has gone would kill the whole process instead of
 * failing with EPIPE. The signal is raised in the writing thread, so blocking it there (and in
 * the threads it creates, which inherit the mask) turns it into that error, without changing
 * the process's signal dispositions. */
struct sigpipe_guard {
  sigset_t saved;
  int was_blocked;
};

/* Blocks SIGPIPE in the calling thread. */
void sigpipe_guard_enter(struct sigpipe_guard* guard);

/* Discards a SIGPIPE left pending while it was blocked here, then restores the thread's
 * mask, so the host's thread leaves as it came. */
void sigpipe_guard_leave(const struct sigpipe_guard* guard);

#ifdef __cplusplus
}
#endif

#endif
