#include "report/precision_section.h"

#include <cmath>

#include <fmt/format.h>

#include "workload/registry.h"

namespace rb::report {
namespace {

std::string half_width(const stats::Summary& s) {
  if (s.median == 0 || !std::isfinite(s.ci_low) || !std::isfinite(s.ci_high)) return "-";
  const double widest = std::max(s.median - s.ci_low, s.ci_high - s.median);
  return fmt::format("±{:.1f}%", 100 * widest / std::abs(s.median));
}

std::string optional_count(const std::optional<int>& value) {
  return value ? std::to_string(*value) : "-";
}

std::string row_of(const CellResult& cell, const MetricInfo& metric, const stats::Summary& s) {
  std::string shape = fmt::format(
      "{} x {:.0f}", s.rounds, s.components ? s.components->iterations : static_cast<double>(s.n));
  std::string between = "-";
  if (s.components && s.rounds > 1)
    between = fmt::format("{:.0f}%", 100 * s.components->between_share);
  std::string iterations = "-";
  std::string rounds = "-";
  if (s.plan) {
    iterations = optional_count(s.plan->iterations);
    rounds = optional_count(s.plan->rounds);
  }
  std::string interval = half_width(s);
  if (s.ci_method == "within-round") interval += " (one round: a lower bound)";
  return fmt::format("| #{} {} {} | {} | {} | {} | {} | {} | {} |\n", cell.cell.index,
                     cell.cell.plugin, cell.cell.params_label(), metric.name, shape, interval,
                     between, iterations, rounds);
}

}  // namespace

std::string precision_section(const RunResult& run) {
  std::string rows;
  double target = stats::kDefaultTargetHalfWidth;
  for (const auto& cell : run.cells) {
    if (cell.status != CellStatus::ok) continue;
    for (const auto& metric : workload::metrics_for_workload(cell.cell.workload)) {
      if (!metric.headline) continue;
      const auto it = cell.metrics.find(metric.name);
      if (it == cell.metrics.end() || it->second.rounds == 0) continue;
      if (it->second.plan) target = it->second.plan->target;
      rows += row_of(cell, metric, it->second);
    }
  }
  if (rows.empty()) return {};
  std::string out = fmt::format(
      "## Precision\n\nRounds are separate processes and the independent replicates; the "
      "interval resamples rounds, then iterations inside them. *Between rounds*: the share of a "
      "sample's variance that only more rounds average away. *Best n*: iterations per round "
      "that buy the most precision per second, from each round's measured start-up cost (Kalibera "
      "& Jones); *rounds*: how many rounds of that many iterations bring the 95% interval to "
      "±{:g}% of the mean (a verdict needs at least 3 rounds a side; 5 let the round-level test "
      "reach p < 0.05).\n\n",
      target * 100);
  out += "| cell | metric | rounds x iterations | 95% CI | between rounds | best n | rounds |\n";
  out += "|---|---|---:|---:|---:|---:|---:|\n";
  return out + rows + '\n';
}

}  // namespace rb::report
