#include "workload/notify/producers.h"

#include <pthread.h>
#include <sched.h>

#include <fmt/format.h>
#include <cstring>

#include "plugin/plugin_call.h"
#include "workload/notify/values.h"

namespace rb::workload {
namespace {

// 0 on success, an errno value otherwise.
int pin_this_thread(int cpu) {
  if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set);
}

}  // namespace

ProducerGroup::ProducerGroup(const rb_notify_ops& ops, void* state, const ProducerPlan& plan)
    : ops_(ops), state_(state), plan_(plan), parked_(plan.producers) {
  threads_.reserve(plan_.producers);
  try {
    for (std::uint32_t i = 0; i < plan_.producers; ++i)
      threads_.emplace_back([this, i] { produce(i); });
  } catch (...) {
    // The threads that did start must not wait for siblings that never will.
    for (std::size_t i = threads_.size(); i < plan_.producers; ++i) parked_.count_down();
    abandon_.store(true);
    open_gate();
    join();
    throw;
  }
}

ProducerGroup::~ProducerGroup() {
  if (!gate_open_) {
    abandon_.store(true);
    open_gate();
  }
  join();
}

void ProducerGroup::wait_until_parked() {
  parked_.wait();
}

void ProducerGroup::open_gate() {
  if (gate_open_) return;
  gate_open_ = true;
  gate_.count_down();
}

void ProducerGroup::join() {
  for (auto& thread : threads_)
    if (thread.joinable()) thread.join();
}

std::optional<std::string> ProducerGroup::failure() const {
  std::lock_guard lock(failure_mutex_);
  return failure_;
}

void ProducerGroup::record_failure(std::string message) {
  std::lock_guard lock(failure_mutex_);
  if (!failure_) failure_ = std::move(message);
}

void ProducerGroup::produce(std::uint32_t index) {
  if (plan_.cpu >= 0) {
    if (const int error = pin_this_thread(plan_.cpu); error != 0) {
      record_failure(fmt::format("producer {} could not be pinned to cpu {}: {}", index, plan_.cpu,
                                 std::strerror(error)));
      abandon_.store(true);
    }
  }
  parked_.count_down();
  gate_.wait();
  if (abandon_.load()) return;

  const ValueRange share = producer_share(plan_.items, plan_.producers, index);
  // Locals, so the hot loop does not reload them after every opaque call.
  const auto post = ops_.post;
  void* const state = state_;
  for (std::uint64_t value = share.first; value <= share.last; ++value) {
    const int rc = post(state, value);
    if (rc != RB_OK) {
      record_failure(fmt::format("post({}) from producer {} failed ({})", value, index,
                                 plugin::describe_rb_error(rc)));
      return;
    }
  }
}

}  // namespace rb::workload
