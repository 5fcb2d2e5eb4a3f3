#include "exec/cell_summary.h"

#include <algorithm>
#include <numeric>

#include "model/round_values.h"
#include "proc/kernel_counters.h"
#include "stats/latency_histogram.h"
#include "stats/summary.h"
#include "workload/kernel_count_rounds.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

using Histogram = stats::LatencyHistogram::Sparse Sample::*;

// Every measured sample's `histogram` as one distribution. max_us is the samples' exact
// max_us metric for the histogram it describes (the corrected one), else the top bucket's.
std::map<std::string, double> merged_latency(const std::vector<Sample>& samples,
                                             Histogram histogram) {
  const bool exact_max = histogram == &Sample::latency_histogram;
  stats::LatencyHistogram merged;
  double max_us = 0;
  for (const auto& sample : samples) {
    if ((sample.*histogram).empty()) continue;
    merged.merge(stats::LatencyHistogram::from_sparse(sample.*histogram));
    if (const auto it = sample.metrics.find("max_us"); exact_max && it != sample.metrics.end())
      max_us = std::max(max_us, it->second);
  }
  if (merged.count() == 0) return {};
  const auto us = [&](double p) {
    return static_cast<double>(merged.value_at_percentile(p)) / 1e3;
  };
  return {{"count", static_cast<double>(merged.count())},
          {"p50_us", us(50)},
          {"p90_us", us(90)},
          {"p99_us", us(99)},
          {"p999_us", us(99.9)},
          {"p9999_us", us(99.99)},
          {"max_us", exact_max ? max_us : static_cast<double>(merged.max()) / 1e3}};
}

// The cost model's c1 (one measured iteration) and c2 (everything else a round costs:
// process start, set-up, warm-up), in seconds, from the rounds' wall times; nullopt when the
// rounds' wall time or the iterations' time is unknown.
std::optional<stats::RoundCosts> round_costs(const CellResult& cell) {
  std::vector<double> walls;
  for (const auto& round : cell.interference)
    if (round.wall_s > 0) walls.push_back(round.wall_s);
  const MetricInfo* iteration_metric = workload::iteration_metric_for(cell.cell.workload);
  std::vector<double> iterations;
  if (iteration_metric != nullptr)
    for (const auto& sample : cell.samples)
      if (const auto seconds = iteration_seconds(sample, *iteration_metric))
        iterations.push_back(*seconds);
  if (walls.empty() || iterations.empty()) return std::nullopt;
  const double wall = std::accumulate(walls.begin(), walls.end(), 0.0) / walls.size();
  const double per_iteration =
      std::accumulate(iterations.begin(), iterations.end(), 0.0) / iterations.size();
  const double iterations_per_round =
      static_cast<double>(cell.samples.size()) / static_cast<double>(walls.size());
  const double per_round = wall - iterations_per_round * per_iteration;
  if (per_iteration <= 0 || per_round <= 0) return std::nullopt;
  return stats::RoundCosts{per_iteration, per_round};
}

// Why the cell's kernel counts are missing in part or whole, "" when they are all there: what
// this machine allows (the cell's process ran here, with the runner's permissions), else
// that the cell's process did not count (a role launched on another host).
std::string kernel_counts_unavailable(const CellResult& cell) {
  const bool counted = std::any_of(cell.samples.begin(), cell.samples.end(), [](const Sample& s) {
    return std::any_of(s.counters.begin(), s.counters.end(),
                       [](const auto& counter) { return is_kernel_count_key(counter.first); });
  });
  const std::string& here = proc::kernel_counts_missing_here();
  if (!here.empty()) return here;
  return counted ? "" : "the cell's process counted nothing";
}

}  // namespace

void summarise_cell(CellResult& cell, bool kernel_counts) {
  cell.metrics.clear();
  if (cell.samples.empty()) return;
  const std::optional<stats::RoundCosts> costs = round_costs(cell);
  for (const auto& info : workload::metrics_for_workload(cell.cell.workload)) {
    const stats::RoundSamples rounds = values_by_round(cell.samples, info.name);
    if (!rounds.empty()) cell.metrics[info.name] = stats::summarize_rounds(rounds, costs);
  }
  cell.counters = cell.samples.back().counters;
  cell.kernel_counts = {};
  if (kernel_counts)
    cell.kernel_counts =
        workload::summarise_kernel_counts(cell.cell, cell.samples, kernel_counts_unavailable(cell));
  cell.merged_latency = merged_latency(cell.samples, &Sample::latency_histogram);
  cell.merged_uncorrected_latency =
      merged_latency(cell.samples, &Sample::uncorrected_latency_histogram);
}

}  // namespace rb::exec
