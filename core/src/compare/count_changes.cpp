#include "compare/count_changes.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "workload/kernel_count_rounds.h"

namespace rb::compare {
namespace {

struct Range {
  double low;
  double high;
};

Range range_of(const std::map<int, double>& per_round) {
  const auto [low, high] =
      std::minmax_element(per_round.begin(), per_round.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; });
  return {low->second, high->second};
}

// "epoll_ctl" for "sys.epoll_ctl", "server epoll_ctl" for "server.sys.epoll_ctl", "syscalls"
// for the totals.
std::string count_name(std::string key) {
  std::string prefix;
  if (key.rfind("server.", 0) == 0) {
    prefix = "server ";
    key.erase(0, 7);
  }
  if (key == "sys.total") return prefix + "syscalls";
  if (key.rfind("sys.", 0) == 0) key.erase(0, 4);
  return prefix + key;
}

bool counted_syscalls(const RunResult& run) {
  for (const auto& cell : run.cells)
    for (const auto& sample : cell.samples)
      if (sample.counters.count("sys.total") != 0) return true;
  return false;
}

}  // namespace

std::optional<std::string> counting_note(const RunResult& base, const RunResult& next) {
  const bool in_base = counted_syscalls(base);
  const bool in_new = counted_syscalls(next);
  if (in_base == in_new) return std::nullopt;
  return fmt::format(
      "kernel counts: system calls counted in {} only (counting puts every system call on the "
      "kernel's tracepoint path, ~80 ns more each on a 2026 VM: times differ for that reason "
      "too)",
      in_base ? "BASE" : "NEW");
}

bool is_judged_count(const std::string& key) {
  return key.rfind("sys.", 0) == 0 || key.rfind("server.sys.", 0) == 0;
}

std::vector<CountChange> count_changes(const CellResult& base, const CellResult& next) {
  const workload::KernelCountRounds b = workload::kernel_counts_by_round(base.cell, base.samples);
  const workload::KernelCountRounds n = workload::kernel_counts_by_round(next.cell, next.samples);
  std::vector<CountChange> out;
  if (b.unit.empty() || b.unit != n.unit) return out;
  for (const auto& [key, base_rounds] : b.per_round) {
    const auto found = n.per_round.find(key);
    if (!is_judged_count(key) || found == n.per_round.end()) continue;
    const Range base_range = range_of(base_rounds);
    const Range new_range = range_of(found->second);
    const double tolerance = std::max(
        kCountAbsoluteTolerance,
        kCountRelativeTolerance * std::max(std::abs(base_range.high), std::abs(new_range.high)));
    const bool grew = new_range.low > base_range.high + tolerance;
    const bool shrank = new_range.high < base_range.low - tolerance;
    if (!grew && !shrank) continue;
    CountChange change;
    change.workload = next.cell.workload;
    change.plugin = base.cell.plugin == next.cell.plugin
                        ? next.cell.plugin
                        : base.cell.plugin + " -> " + next.cell.plugin;
    change.point = next.cell.params_label();
    change.key = key;
    change.unit = n.unit;
    change.base_per_event = b.overall.at(key);
    change.new_per_event = n.overall.at(key);
    change.base_min = base_range.low;
    change.base_max = base_range.high;
    change.new_min = new_range.low;
    change.new_max = new_range.high;
    out.push_back(std::move(change));
  }
  // By name first, the largest change first (usually the cause), then the totals it adds to.
  const auto is_total = [](const CountChange& c) {
    return c.key == "sys.total" || c.key == "server.sys.total";
  };
  std::stable_sort(out.begin(), out.end(), [&](const CountChange& x, const CountChange& y) {
    if (is_total(x) != is_total(y)) return is_total(y);
    return std::abs(x.new_per_event - x.base_per_event) >
           std::abs(y.new_per_event - y.base_per_event);
  });
  return out;
}

std::string describe(const CountChange& c) {
  return fmt::format(
      "{} {}: {:+.2f} {} per {} ({:.2f} -> {:.2f}; rounds {:.2f}..{:.2f} -> "
      "{:.2f}..{:.2f})",
      c.plugin, c.point, c.new_per_event - c.base_per_event, count_name(c.key), c.unit,
      c.base_per_event, c.new_per_event, c.base_min, c.base_max, c.new_min, c.new_max);
}

bool counts_grew(const std::vector<CountChange>& changes) {
  return std::any_of(changes.begin(), changes.end(), [](const CountChange& c) { return c.grew(); });
}

std::string count_changes_part(const std::vector<CountChange>& changes) {
  const auto grew = static_cast<std::size_t>(
      std::count_if(changes.begin(), changes.end(), [](const CountChange& c) { return c.grew(); }));
  const std::size_t shrank = changes.size() - grew;
  const auto counts = [](std::size_t n) { return n == 1 ? "kernel count" : "kernel counts"; };
  if (grew == 0) return fmt::format("{} {} shrank", shrank, counts(shrank));
  if (shrank == 0) return fmt::format("{} {} grew", grew, counts(grew));
  return fmt::format("{} {} grew, {} shrank", grew, counts(grew), shrank);
}

model::Json count_changes_json(const std::vector<CountChange>& changes) {
  model::Json out = model::Json::array();
  for (const auto& c : changes)
    out.push_back({{"workload", c.workload},
                   {"plugin", c.plugin},
                   {"point", c.point},
                   {"count", c.key},
                   {"unit", c.unit},
                   {"base_per_event", c.base_per_event},
                   {"new_per_event", c.new_per_event},
                   {"change_per_event", c.new_per_event - c.base_per_event},
                   {"base_round_range", {c.base_min, c.base_max}},
                   {"new_round_range", {c.new_min, c.new_max}},
                   {"grew", c.grew()},
                   {"text", describe(c)}});
  return out;
}

}  // namespace rb::compare
