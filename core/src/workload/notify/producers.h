// The notify workload's producers: host threads that post 1..items through the plugin's
// post(), each its own contiguous share. They are created, pinned and parked at a gate
// before the clock starts, so thread creation never lands in the timed region.
#pragma once

#include <atomic>
#include <cstdint>
#include <latch>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "reactorbench/plugin.h"

namespace rb::workload {

struct ProducerPlan {
  std::uint64_t items = 0;
  std::uint32_t producers = 1;
  int cpu = -1;  // every producer thread is pinned here; -1 leaves them where the process runs
};

class ProducerGroup {
 public:
  // Starts the threads; they pin themselves and wait at the gate.
  ProducerGroup(const rb_notify_ops& ops, void* state, const ProducerPlan& plan);
  // Opens the gate if nobody did (the threads then leave without posting) and joins them.
  ~ProducerGroup();
  ProducerGroup(const ProducerGroup&) = delete;
  ProducerGroup& operator=(const ProducerGroup&) = delete;

  // Returns once every thread is pinned and parked at the gate.
  void wait_until_parked();
  // Lets the parked threads post.
  void open_gate();
  // Waits for every thread to finish posting. Idempotent.
  void join();

  // The first thing that went wrong (a thread that could not be pinned, a post that
  // returned an error), or nullopt. Read it after wait_until_parked() or join().
  std::optional<std::string> failure() const;

 private:
  void produce(std::uint32_t index);
  void record_failure(std::string message);

  const rb_notify_ops& ops_;
  void* const state_;
  const ProducerPlan plan_;
  std::latch parked_;
  std::latch gate_{1};
  bool gate_open_ = false;
  // Set when the gate opens for nothing (a pinning failure): the threads must not post.
  std::atomic<bool> abandon_{false};
  mutable std::mutex failure_mutex_;
  std::optional<std::string> failure_;
  std::vector<std::thread> threads_;
};

}  // namespace rb::workload
