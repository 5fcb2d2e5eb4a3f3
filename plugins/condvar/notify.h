// The condition-variable hand-off (~3x faster than a pipe watched by libevent in the study it
// reproduces): producers push onto a std::deque under a mutex and notify a condition variable;
// one consumer thread waits while the deque is empty and pops (one item per lock, or everything
// queued with batch = true).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "host_stop.h"
#include "notify_tally.h"
#include "options.h"
#include "reactorbench/plugin.h"

namespace rbcondvar {

class CondvarQueue {
 public:
  // Starts the consumer thread, pinned to consumerCpu unless it is negative. Throws
  // std::system_error if the thread cannot be started or pinned.
  CondvarQueue(const rb_host* host, int consumerCpu, const CondvarOptions& options);
  // Stops the consumer if finish did not, dropping whatever it had not taken.
  ~CondvarQueue();
  CondvarQueue(const CondvarQueue&) = delete;
  CondvarQueue& operator=(const CondvarQueue&) = delete;

  // Thread-safe. May throw std::bad_alloc.
  void post(std::uint64_t value);
  // Waits until the consumer has taken everything posted, stops it, returns count and sum.
  // Throws std::runtime_error if the consumer failed (e.g. the host asked to stop).
  rb_notify_result finish();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void consume() noexcept;
  void consumeItems();
  // Waits while the queue is empty and work may still come; false when the consumer must
  // end (finish drained everything, release aborted, or the host asked to stop).
  bool waitForWork(std::unique_lock<std::mutex>& lock);
  void stopConsumer();

  const rbcommon::HostStop hostStop_;
  const CondvarOptions options_;

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::uint64_t> queue_;  // guarded by mutex_
  bool closing_ = false;             // guarded by mutex_: finish was called
  bool abort_ = false;               // guarded by mutex_: release wants the consumer gone

  // The consumer thread's own; read by others only after joining it.
  std::uint64_t wakeups_ = 0;    // waits that returned to find work
  std::uint64_t waits_ = 0;      // condition-variable waits, including timeouts
  rbcommon::NotifyTally tally_;  // a batch: a lock acquisition that took items

  std::thread consumer_;  // last: starts once everything above exists
};

}  // namespace rbcondvar
