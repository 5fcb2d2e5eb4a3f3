// The flower (hot potato) workload on the muduo-style reactor, as muduo's
// examples/pingpong/bench.cc runs it: one Channel per read end, created once; each
// iteration re-enables reading on all of them (the timed setup) and loops until every byte
// in flight has been read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "host_stop.h"
#include "options.h"
#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class FlowerBench {
 public:
  // Creates the loop in the calling thread; arm, dispatch and the destructor must run there
  // too. Throws std::invalid_argument for inconsistent parameters.
  FlowerBench(const rb_host* host, const rb_flower_params& params, const PluginOptions& options);
  // Disables and removes every channel, as bench.cc does at exit; the fds stay open.
  ~FlowerBench();
  FlowerBench(const FlowerBench&) = delete;
  FlowerBench& operator=(const FlowerBench&) = delete;

  void arm();
  // Throws std::runtime_error if the iteration could not complete: a failed read or write,
  // no event within the poll timeout, or the host asking to stop.
  void dispatch();
  // The last iteration's counters (arm + dispatch).
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void onReadable(std::size_t index);
  void onIdle(PollStatus status);
  void fail(std::string message);
  void requireLoopThread(const char* phase) const;

  const rbcommon::HostStop hostStop_;
  const std::vector<int> readFds_;
  const std::vector<int> writeFds_;
  const bool useRecv_;
  const std::uint64_t active_;
  const std::uint64_t writes_;
  EventLoop loop_;
  std::vector<std::unique_ptr<Channel>> channels_;  // after loop_: destroyed first

  std::uint64_t count_ = 0;
  std::uint64_t fired_ = 0;
  std::uint64_t budget_ = 0;
  std::uint64_t writesDone_ = 0;
  std::uint64_t failures_ = 0;
  std::string firstFailure_;
  EpollCtlCounters ctlAtArm_;
  std::uint64_t pollsAtDispatch_ = 0;
  std::uint64_t pollsInDispatch_ = 0;
};

}  // namespace rbmuduo
