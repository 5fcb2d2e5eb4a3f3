#include "compare/paired_cell.h"

#include <cmath>
#include <map>
#include <utility>

#include "model/round_values.h"
#include "stats/summary.h"

namespace rb::compare {
AlignedRounds aligned_rounds(const std::vector<Sample>& base, const std::vector<Sample>& next,
                             const std::string& metric) {
  const auto base_rounds = values_by_round_number(base, metric);
  auto next_rounds = values_by_round_number(next, metric);
  AlignedRounds out;
  for (const auto& [round, values] : base_rounds) {
    const auto found = next_rounds.find(round);
    if (found == next_rounds.end()) continue;
    out.base.push_back(values);
    out.next.push_back(std::move(found->second));
    out.rounds.push_back(round);
  }
  return out;
}

IterationPairs iteration_pairs(const std::vector<Sample>& base, const std::vector<Sample>& next,
                               const std::string& metric) {
  std::map<std::pair<int, int>, double> base_values;
  for (const auto& sample : base)
    if (const auto it = sample.metrics.find(metric); it != sample.metrics.end() && it->second > 0)
      base_values[{sample.round, sample.iteration}] = it->second;
  std::map<int, std::vector<double>> logs_by_round;
  std::vector<double> base_logs;
  std::vector<double> next_logs;
  for (const auto& sample : next) {
    const auto it = sample.metrics.find(metric);
    if (it == sample.metrics.end() || it->second <= 0) continue;
    const auto found = base_values.find({sample.round, sample.iteration});
    if (found == base_values.end()) continue;
    base_logs.push_back(std::log(found->second));
    next_logs.push_back(std::log(it->second));
    logs_by_round[sample.round].push_back(next_logs.back() - base_logs.back());
  }
  IterationPairs out;
  out.pairs = base_logs.size();
  out.correlation = stats::pearson(base_logs, next_logs);
  for (const auto& [round, logs] : logs_by_round)
    out.round_log_ratios.push_back(stats::median_of(logs));
  return out;
}

}  // namespace rb::compare
