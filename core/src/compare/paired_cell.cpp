#include "compare/paired_cell.h"

#include <map>

namespace rb::compare {
namespace {

std::map<int, std::vector<double>> by_round(const std::vector<Sample>& samples,
                                            const std::string& metric) {
  std::map<int, std::vector<double>> out;
  for (const auto& sample : samples)
    if (const auto it = sample.metrics.find(metric); it != sample.metrics.end())
      out[sample.round].push_back(it->second);
  return out;
}

}  // namespace

AlignedRounds aligned_rounds(const std::vector<Sample>& base, const std::vector<Sample>& next,
                             const std::string& metric) {
  const auto base_rounds = by_round(base, metric);
  auto next_rounds = by_round(next, metric);
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

}  // namespace rb::compare
