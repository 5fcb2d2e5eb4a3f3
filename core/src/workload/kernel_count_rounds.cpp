#include "workload/kernel_count_rounds.h"

#include <algorithm>

#include "workload/registry.h"

namespace rb::workload {
namespace {

struct CountSums {
  double counts = 0;
  double events = 0;
};

}  // namespace

KernelCountRounds kernel_counts_by_round(const CellSpec& cell, const std::vector<Sample>& samples) {
  KernelCountRounds out;
  const Workload* workload = find_workload(cell.workload);
  if (workload == nullptr) return out;
  std::map<std::string, std::map<int, CountSums>> sums;
  for (const auto& sample : samples) {
    if (sample.warmup) continue;
    const auto events = workload->events_in(cell, sample);
    if (!events || events->count <= 0) continue;
    for (const auto& [key, value] : sample.counters) {
      if (!is_kernel_count_key(key)) continue;
      CountSums& round = sums[key][sample.round];
      round.counts += static_cast<double>(value);
      round.events += events->count;
      out.unit = std::string(events->unit);
    }
  }
  for (const auto& [key, rounds] : sums) {
    CountSums all;
    for (const auto& [round, s] : rounds) {
      out.per_round[key][round] = s.counts / s.events;
      all.counts += s.counts;
      all.events += s.events;
    }
    out.overall[key] = all.counts / all.events;
  }
  return out;
}

KernelCountSummary summarise_kernel_counts(const CellSpec& cell, const std::vector<Sample>& samples,
                                           std::string unavailable) {
  const KernelCountRounds rounds = kernel_counts_by_round(cell, samples);
  KernelCountSummary out;
  out.unit = rounds.unit;
  out.unavailable = std::move(unavailable);
  for (const auto& [key, per_round] : rounds.per_round) {
    const auto [low, high] =
        std::minmax_element(per_round.begin(), per_round.end(),
                            [](const auto& a, const auto& b) { return a.second < b.second; });
    out.per_event[key] = {rounds.overall.at(key), low->second, high->second};
  }
  return out;
}

}  // namespace rb::workload
