#include "sigpipe_block.h"

#include <pthread.h>
#include <time.h>

namespace rbmuduo {

namespace {

sigset_t sigpipeOnly() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  return set;
}

}  // namespace

SigpipeBlock::SigpipeBlock() {
  const sigset_t block = sigpipeOnly();
  pthread_sigmask(SIG_BLOCK, &block, &saved_);
}

SigpipeBlock::~SigpipeBlock() {
  if (sigismember(&saved_, SIGPIPE) != 1) {
    sigset_t pending;
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1) {
      const sigset_t block = sigpipeOnly();
      const timespec now{0, 0};
      sigtimedwait(&block, nullptr, &now);
    }
  }
  pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
}

}  // namespace rbmuduo
