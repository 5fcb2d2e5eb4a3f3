#include "notify_driver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "plugin/plugin_session.h"
#include "test_host.h"

namespace rb_test {
namespace {

rb_notify_params ParamsOf(std::uint64_t items, std::uint32_t producers, int consumer_cpu) {
  rb_notify_params params{};
  params.struct_size = sizeof params;
  params.producers = producers;
  params.items = items;
  params.consumer_cpu = consumer_cpu;
  return params;
}

// Producer p posts the p-th contiguous block of 1..items, as the runner splits them.
void Produce(const rb_notify_ops& ops, void* state, const NotifyRun& run, std::uint32_t p,
             std::atomic<int>& first_error) {
  const std::uint64_t base = run.items / run.producers;
  const std::uint64_t extra = run.items % run.producers;
  const std::uint64_t first = base * p + std::min<std::uint64_t>(p, extra) + 1;
  const std::uint64_t count = base + (p < extra ? 1 : 0);
  for (std::uint64_t v = first; v < first + count; ++v) {
    const int rc = ops.post(state, v);
    if (rc != RB_OK) {
      int expected = RB_OK;
      first_error.compare_exchange_strong(expected, rc);
      return;
    }
  }
}

}  // namespace

std::uint64_t SumOneTo(std::uint64_t items) {
  return items * (items + 1) / 2;
}

NotifyOutcome RunNotify(const rb_notify_ops& ops, const NotifyRun& run) {
  TestHost host;
  host.SetDeadlineFromNow(std::chrono::seconds(60));
  NotifyOutcome outcome;
  rb::plugin::PluginSession<rb_notify_ops> session(ops);
  const auto started = session.try_prepare(
      "start", *host.services(), ParamsOf(run.items, run.producers, run.consumer_cpu), run.options);
  outcome.start_rc = started.code;
  if (!started.ok()) {
    outcome.error = started.message;
    return outcome;
  }
  std::atomic<int> post_error{RB_OK};
  std::vector<std::thread> producers;
  for (std::uint32_t p = 0; p < run.producers; ++p)
    producers.emplace_back([&, p] { Produce(ops, session.state(), run, p, post_error); });
  for (auto& producer : producers) producer.join();
  outcome.post_rc = post_error.load();

  rb_notify_result result{};
  result.struct_size = sizeof result;
  const auto finished = session.try_call("finish", &rb_notify_ops::finish, &result);
  outcome.finish_rc = finished.code;
  if (!finished.ok()) {
    outcome.error = finished.message;
  } else {
    outcome.count = result.count;
    outcome.sum = result.sum;
    outcome.counters = session.counters();
  }
  return outcome;
}

NotifyOutcome StartAndRelease(const rb_notify_ops& ops, const OptionList& list, int consumer_cpu) {
  TestHost host;
  host.SetDeadlineFromNow(std::chrono::seconds(60));
  NotifyOutcome outcome;
  rb::plugin::PluginSession<rb_notify_ops> session(ops);
  const auto started =
      session.try_prepare("start", *host.services(), ParamsOf(1000, 1, consumer_cpu), list);
  outcome.start_rc = started.code;
  outcome.error = started.message;
  return outcome;
}

}  // namespace rb_test
