// The reactor writes to sockets with write(2), and a plugin cannot count on its host ignoring
// SIGPIPE (the runner's cell process does; another host may not): a write to
// a client that has gone would end the process instead of failing with EPIPE (muduo itself
// ignores SIGPIPE process-wide; a plugin must not change the host's dispositions). SIGPIPE is
// raised in the writing thread, so blocking it there, and in the threads created meanwhile
// (they inherit the mask), turns it into that error.
#pragma once

#include <signal.h>

namespace rbmuduo {

class SigpipeBlock {
 public:
  // Blocks SIGPIPE in the calling thread.
  SigpipeBlock();
  // Discards a SIGPIPE raised here while blocked (unless it was blocked already on entry),
  // then restores the mask: the host's thread leaves as it came.
  ~SigpipeBlock();
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t saved_;
};

}  // namespace rbmuduo
