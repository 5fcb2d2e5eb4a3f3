// The reactor writes to sockets with write(2), and a plugin cannot count on its host ignoring
// SIGPIPE (the runner's cell process does; another host may not): a write to a client that has
// gone would end the process instead of failing with EPIPE (muduo itself ignores SIGPIPE
// process-wide; a plugin must not change the host's dispositions). SIGPIPE is raised in the
// writing thread, so blocking it there, and in the threads created meanwhile (they inherit the
// mask), turns it into that error.
#pragma once

#include "sigpipe_guard.h"

namespace rbmuduo {

// The C plugins' sigpipe_guard for the length of a scope.
class SigpipeBlock {
 public:
  // Blocks SIGPIPE in the calling thread.
  SigpipeBlock() { sigpipe_guard_enter(&guard_); }
  // Discards a SIGPIPE raised here while blocked (unless it was blocked already on entry),
  // then restores the mask: the host's thread leaves as it came.
  ~SigpipeBlock() { sigpipe_guard_leave(&guard_); }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigpipe_guard guard_;
};

}  // namespace rbmuduo
