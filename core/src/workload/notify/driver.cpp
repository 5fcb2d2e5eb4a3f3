#include "workload/notify/driver.h"

#include <sched.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <vector>

#include "plugin/loader.h"
#include "plugin/plugin_session.h"
#include "proc/own_usage.h"
#include "workload/counters.h"
#include "workload/notify/producers.h"
#include "workload/notify/values.h"

namespace rb::workload {
namespace {

// stdin/out/err, the sample pipe, the plugin's pipe / eventfd / epoll fds, dlopen's transient.
constexpr long kFdsNeeded = 64;

struct NotifyShape {
  std::uint64_t items;
  std::uint32_t producers;
  int producer_cpu;  // -1: unpinned
  int consumer_cpu;  // -1: unpinned
};

NotifyShape shape_of(const CellSpec& cell) {
  return {static_cast<std::uint64_t>(cell.get_int("items")),
          static_cast<std::uint32_t>(cell.get_int("producers")),
          static_cast<int>(cell.get_int("producer_cpu")),
          static_cast<int>(cell.get_int("consumer_cpu"))};
}

// Why `cpu` cannot be used by this process, or nullopt (also for -1, "unpinned").
std::optional<std::string> cpu_problem(const char* axis, int cpu) {
  if (cpu < 0) return std::nullopt;
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (::sched_getaffinity(0, sizeof allowed, &allowed) != 0) return std::nullopt;
  if (cpu < CPU_SETSIZE && CPU_ISSET(cpu, &allowed)) return std::nullopt;
  std::vector<int> usable;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &allowed)) usable.push_back(c);
  return fmt::format("{} = {} is not a cpu this process may use ({})", axis, cpu,
                     fmt::join(usable, ", "));
}

void verify_result(const rb_notify_result& result, const NotifyShape& shape, int iteration) {
  const std::uint64_t expected_sum = sum_one_to(shape.items);
  if (result.count != shape.items || result.sum != expected_sum)
    throw CellFailure(fmt::format(
        "iteration {}: expected count {} and sum {} (each of 1..{} exactly once), got count {} "
        "and sum {}",
        iteration, shape.items, expected_sum, shape.items, result.count, result.sum));
}

// One iteration's numbers, taken by the host.
struct Timed {
  std::uint64_t elapsed_ns;
  proc::ProcessUsage usage;
};

Sample make_sample(const CellInputs& inputs, int iteration, const NotifyShape& shape,
                   const Timed& timed, plugin::Counters counters) {
  const double items = static_cast<double>(shape.items);
  const double ns = static_cast<double>(timed.elapsed_ns > 0 ? timed.elapsed_ns : 1);
  const std::uint64_t wakeups = required_counter(counters, "plugin", "wakeups");
  counters["host_voluntary_cs"] = timed.usage.voluntary_cs;
  counters["host_involuntary_cs"] = timed.usage.involuntary_cs;

  Sample sample;
  sample.round = inputs.round;
  sample.iteration = iteration;
  sample.warmup = iteration < inputs.warmup;
  sample.metrics = {
      {"elapsed_ms", ns / 1e6},
      {"items_per_s", items / (ns / 1e9)},
      {"ns_per_item", ns / items},
      {"wakeups_per_item", static_cast<double>(wakeups) / items},
      {"cpu_user_ms", static_cast<double>(timed.usage.user_us) / 1e3},
      {"cpu_sys_ms", static_cast<double>(timed.usage.sys_us) / 1e3},
      {"context_switches",
       static_cast<double>(timed.usage.voluntary_cs + timed.usage.involuntary_cs)},
  };
  sample.counters = std::move(counters);
  return sample;
}

}  // namespace

std::optional<EventCount> NotifyWorkload::events_in(const CellSpec& cell, const Sample&) const {
  return EventCount{"item", static_cast<double>(shape_of(cell).items)};
}

long NotifyWorkload::fds_needed(const CellSpec&) const {
  return kFdsNeeded;
}

std::optional<std::string> NotifyWorkload::skip_reason(const CellSpec& cell,
                                                       long fd_hard_limit) const {
  const NotifyShape shape = shape_of(cell);
  if (auto why = cpu_problem("producer_cpu", shape.producer_cpu)) return why;
  if (auto why = cpu_problem("consumer_cpu", shape.consumer_cpu)) return why;
  return Workload::skip_reason(cell, fd_hard_limit);
}

void NotifyWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const SampleSink& sink) const {
  if (!plugin.notify) throw CellFailure("plugin does not offer the notify workload");
  const rb_notify_ops& ops = *plugin.notify;
  const NotifyShape shape = shape_of(inputs.cell);
  if (shape.items == 0 || shape.items > kMaxNotifyItems || shape.producers == 0)
    throw CellFailure(
        fmt::format("items must be in 1..{} and producers at least 1", kMaxNotifyItems));
  const rb_notify_params params{sizeof(rb_notify_params), shape.producers, shape.items,
                                shape.consumer_cpu};
  const ProducerPlan plan{shape.items, shape.producers, shape.producer_cpu};

  const int total = inputs.warmup + inputs.repetitions;
  for (int i = 0; i < total; ++i) {
    // Declared before the producers, so it releases after they are joined: release stops
    // the consumer even when finish never ran.
    plugin::PluginSession<rb_notify_ops> session(ops);
    session.prepare("start", host, params, inputs.options);

    ProducerGroup producers(ops, session.state(), plan);
    producers.wait_until_parked();
    if (auto why = producers.failure()) throw CellFailure(*why);

    MeasuredScope measured(inputs.phase);
    const proc::ProcessUsage before = proc::process_usage_now();
    const std::uint64_t t_first_post = host.now_ns(host.ctx);
    producers.open_gate();
    producers.join();
    if (auto why = producers.failure()) throw CellFailure(fmt::format("iteration {}: {}", i, *why));
    rb_notify_result result{sizeof(rb_notify_result), 0, 0};
    session.call("finish", &rb_notify_ops::finish, &result);
    const std::uint64_t t_finished = host.now_ns(host.ctx);
    const proc::ProcessUsage after = proc::process_usage_now();
    measured.end();

    verify_result(result, shape, i);
    plugin::Counters counters = session.counters();
    const Timed timed{t_finished - t_first_post, proc::usage_between(before, after)};
    sink(make_sample(inputs, i, shape, timed, std::move(counters)));
  }
}

}  // namespace rb::workload
