#include "notify_driver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "test_host.h"

namespace rb_test {
namespace {

class Options {
 public:
  explicit Options(const OptionList& list) {
    for (const auto& [key, value] : list) items_.push_back({key.c_str(), value.c_str()});
  }
  const rb_option* data() const { return items_.empty() ? nullptr : items_.data(); }
  uint32_t size() const { return static_cast<uint32_t>(items_.size()); }

 private:
  std::vector<rb_option> items_;
};

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
  const Options options(run.options);
  const rb_notify_params params = ParamsOf(run.items, run.producers, run.consumer_cpu);
  NotifyOutcome outcome;
  char err[512] = {0};
  void* state = nullptr;
  outcome.start_rc =
      ops.start(host.services(), &params, options.data(), options.size(), &state, err, sizeof err);
  if (outcome.start_rc != RB_OK) {
    outcome.error = err;
    return outcome;
  }
  std::atomic<int> post_error{RB_OK};
  std::vector<std::thread> producers;
  for (std::uint32_t p = 0; p < run.producers; ++p)
    producers.emplace_back([&, p] { Produce(ops, state, run, p, post_error); });
  for (auto& producer : producers) producer.join();
  outcome.post_rc = post_error.load();

  rb_notify_result result{};
  result.struct_size = sizeof result;
  outcome.finish_rc = ops.finish(state, &result, err, sizeof err);
  if (outcome.finish_rc != RB_OK) {
    outcome.error = err;
  } else {
    outcome.count = result.count;
    outcome.sum = result.sum;
    rb_counter_sink sink{&outcome.counters, [](void* ctx, const char* name, uint64_t value) {
                           (*static_cast<std::map<std::string, std::uint64_t>*>(ctx))[name] = value;
                         }};
    ops.counters(state, &sink, err, sizeof err);
  }
  ops.release(state);
  return outcome;
}

NotifyOutcome StartAndRelease(const rb_notify_ops& ops, const OptionList& list, int consumer_cpu) {
  TestHost host;
  host.SetDeadlineFromNow(std::chrono::seconds(60));
  const Options options(list);
  const rb_notify_params params = ParamsOf(1000, 1, consumer_cpu);
  NotifyOutcome outcome;
  char err[512] = {0};
  void* state = nullptr;
  outcome.start_rc =
      ops.start(host.services(), &params, options.data(), options.size(), &state, err, sizeof err);
  outcome.error = err;
  if (outcome.start_rc == RB_OK) ops.release(state);
  return outcome;
}

}  // namespace rb_test
