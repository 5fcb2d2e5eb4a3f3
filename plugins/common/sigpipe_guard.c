#include "sigpipe_guard.h"

#include <pthread.h>
#include <time.h>

void sigpipe_guard_enter(struct sigpipe_guard* guard) {
  sigset_t pipe_only;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &guard->saved);
  guard->was_blocked = sigismember(&guard->saved, SIGPIPE) == 1;
}

void sigpipe_guard_leave(const struct sigpipe_guard* guard) {
  if (!guard->was_blocked) {
    sigset_t pending;
    sigemptyset(&pending);
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1) {
      sigset_t pipe_only;
      sigemptyset(&pipe_only);
      sigaddset(&pipe_only, SIGPIPE);
      const struct timespec no_wait = {0, 0};
      (void)sigtimedwait(&pipe_only, NULL, &no_wait);
    }
  }
  pthread_sigmask(SIG_SETMASK, &guard->saved, NULL);
}
