// The notify workload on the muduo-style reactor: an EventLoop runs in a consumer thread
// and the host's producers hand it items through queueInLoop, the way muduo code passes work
// to another loop (EventLoop::queueInLoop: mutex-protected functor vector, swapped out once
// per iteration; eventfd wake-up).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "host_stop.h"
#include "notify_tally.h"
#include "options.h"
#include "reactor/event_loop.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class NotifyBench {
 public:
  // Starts the loop thread (pinned to consumerCpu unless negative) and returns once its
  // EventLoop accepts work. Throws std::system_error / std::runtime_error when it cannot.
  NotifyBench(const rb_host* host, int consumerCpu, const PluginOptions& options);
  // Quits the loop if finish did not.
  ~NotifyBench();
  NotifyBench(const NotifyBench&) = delete;
  NotifyBench& operator=(const NotifyBench&) = delete;

  // Thread-safe. May throw std::bad_alloc.
  void post(std::uint64_t value);
  // Runs after everything posted so far, then stops the loop; throws std::runtime_error if
  // the loop failed or the host asked to stop.
  rb_notify_result finish();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  struct Startup;
  void runLoop(std::size_t eventsInitial, Startup& startup);
  void onIdle();
  void drainCoalesced();
  // Lets the loop thread destroy its EventLoop once loop() has returned: called after the
  // owner's last cross-thread call into the loop, then the thread is joined.
  void releaseLoopAndJoin();

  const rbcommon::HostStop hostStop_;
  const PostMode mode_;

  // Set by the loop thread before the constructor returns. The loop outlives its loop()
  // call (a stop request may end it early) until releaseLoopAndJoin, so a late
  // queueInLoop or quit from this side never touches a destroyed loop.
  EventLoop* loop_ = nullptr;
  std::mutex ownerMutex_;
  std::condition_variable ownerDoneCv_;
  bool ownerDone_ = false;  // guarded by ownerMutex_

  // kCoalesced: the producers' items, and the loop's spare vector swapped in for them.
  std::mutex pendingMutex_;
  std::vector<std::uint64_t> pending_;  // guarded by pendingMutex_
  std::vector<std::uint64_t> drained_;  // loop thread only

  // The loop thread's own; read by others only after joining it.
  rbcommon::NotifyTally tally_;  // kCoalesced: a batch per drain
  std::uint64_t wakeupReads_ = 0;
  std::uint64_t polls_ = 0;
  std::uint64_t functorsRun_ = 0;

  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace rbmuduo
