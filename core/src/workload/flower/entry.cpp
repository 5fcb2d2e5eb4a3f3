// The flower workload as the registry knows it (workload/registry.h): its axes, its metrics,
// its table in the plugin descriptor; driver.h runs a cell, checks.h is its suite.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <reactorbench/plugin.h>

#include "plugin/descriptor_checks.h"
#include "workload/flower/checks.h"
#include "workload/flower/driver.h"
#include "workload/registry.h"

namespace rb::workload {
namespace {

// The axes a [matrix] may sweep.
WorkloadSchema schema() {
  return WorkloadSchema{
      "flower",
      "the hot potato (libevent test/bench.c): `active` pipes start with a byte, each read "
      "forwards one to the next pipe until `writes` are spent; setup and dispatch timed apart",
      {
          integer_axis("pipes", 1, 1'000'000, {}, "number of fd pairs watched by the loop"),
          integer_axis("active", 1, 1'000'000, {},
                       "pipes written before dispatch (the initial fires)"),
          integer_axis("writes", 0, 100'000'000, {std::int64_t{100}},
                       "global budget of forwarding writes per iteration"),
          choice_axis("transport", {"socketpair", "pipe"}, {std::string("socketpair")},
                      "socketpair (AF_UNIX stream) or pipe"),
      },
      {},
      {"flower"}};
}

std::vector<MetricInfo> metrics() {
  return {
      {"setup_us", "us", true, true, true},
      {"dispatch_us", "us", true, true, true},
      {"total_us", "us", true, false},
  };
}

// Its table's minimum size and required members, checked at load time.
// ABI 1.0.
constexpr std::size_t kFlowerOpsMinSize =
    offsetof(rb_flower_ops, release) + sizeof(rb_flower_ops::release);

std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using T = rb_flower_ops;
  plugin.flower =
      plugin::checked_table(plugin.descriptor.flower, "rb_flower_ops", kFlowerOpsMinSize,
                            plugin.path, std::pair{"prepare", &T::prepare},
                            std::pair{"arm", &T::arm}, std::pair{"dispatch", &T::dispatch},
                            std::pair{"counters", &T::counters}, std::pair{"release", &T::release});
  if (!plugin.flower) return std::nullopt;
  return "flower";
}

}  // namespace

WorkloadEntry flower_entry() {
  static const FlowerWorkload driver;
  // The seed figure: time against the number of pipes, set-up and dispatch side by side.
  const MetricRoles roles{"total_us", {"pipes", true, "active", "metric"}};
  return make_entry(driver, schema(), metrics(), roles, read_tables, flower::checks);
}

}  // namespace rb::workload
