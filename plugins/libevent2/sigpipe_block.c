#include "sigpipe_block.h"

#include <pthread.h>
#include <time.h>

static void sigpipe_only(sigset_t* set) {
  sigemptyset(set);
  sigaddset(set, SIGPIPE);
}

void sigpipe_block_enter(struct sigpipe_block* block) {
  sigset_t pipe_only;
  sigpipe_only(&pipe_only);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &block->saved);
}

void sigpipe_block_leave(const struct sigpipe_block* block) {
  if (sigismember(&block->saved, SIGPIPE) != 1) {
    sigset_t pending;
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1) {
      sigset_t pipe_only;
      sigpipe_only(&pipe_only);
      const struct timespec now = {0, 0};
      sigtimedwait(&pipe_only, NULL, &now);
    }
  }
  pthread_sigmask(SIG_SETMASK, &block->saved, NULL);
}
