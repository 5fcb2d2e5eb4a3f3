// The notify workload as the registry knows it (workload/registry.h): its axes, its metrics,
// its table in the plugin descriptor; driver.h runs a cell, checks.h is its suite.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <reactorbench/plugin.h>

#include "plugin/descriptor_checks.h"
#include "workload/notify/checks.h"
#include "workload/notify/driver.h"
#include "workload/registry.h"

namespace rb::workload {
namespace {

// The axes a [matrix] may sweep.
WorkloadSchema schema() {
  // --quick hands over a million items rather than ten: seconds per cell, not minutes.
  AxisSchema items = integer_axis("items", 1, 4'000'000'000, {std::int64_t{10'000'000}},
                                  "values posted per iteration, 1..items in total");
  items.quick_values = {std::int64_t{1'000'000}};
  return WorkloadSchema{
      "notify",
      "cross-thread hand-off (a pipe against a condition variable): host producer threads post "
      "1..items to the plugin's consumer, which must take each exactly once (count and sum "
      "checked); first post to end of finish timed",
      {
          items,
          integer_axis("producers", 1, 64, {std::int64_t{1}},
                       "host threads posting concurrently, each a contiguous share of 1..items"),
          integer_axis("producer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu every producer thread is pinned to; -1 leaves them unpinned"),
          integer_axis("consumer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu the plugin pins its consumer thread to; -1 leaves it unpinned"),
      },
      {},
      {"notify"}};
}

// Per iteration, from the first post to the end of finish; CPU and context switches are
// the whole process's getrusage deltas over that span.
std::vector<MetricInfo> metrics() {
  return {
      {"elapsed_ms", "ms", true, true, true},     {"items_per_s", "items/s", false, true, true},
      {"wakeups_per_item", "", true, true, true}, {"ns_per_item", "ns", true, false},
      {"cpu_user_ms", "ms", true, false},         {"cpu_sys_ms", "ms", true, false},
      {"context_switches", "", true, false},
  };
}

// Its table's minimum size and required members, checked at load time.
// ABI 1.1 appended it: whole from the start, so its minimum is its 1.1 size.
constexpr std::size_t kNotifyOpsMinSize =
    offsetof(rb_notify_ops, release) + sizeof(rb_notify_ops::release);

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_notify_ops;
  plugin.notify = plugin::checked_table(
      plugin.descriptor.notify, "rb_notify_ops", kNotifyOpsMinSize, plugin.path,
      std::pair{"start", &T::start}, std::pair{"post", &T::post}, std::pair{"finish", &T::finish},
      std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.notify) return std::nullopt;
  return "notify";
}

}  // namespace

WorkloadEntry notify_entry() {
  static const NotifyWorkload driver;
  // Plotted as bars: its few matrix points have no axis to draw lines along.
  return make_entry(driver, schema(), metrics(), {"elapsed_ms"}, read_tables, notify::checks);
}

}  // namespace rb::workload
