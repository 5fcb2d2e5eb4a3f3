#include "model/round_values.h"

#include <map>

namespace rb {

std::map<int, std::vector<double>> values_by_round_number(const std::vector<Sample>& samples,
                                                          const std::string& metric) {
  std::map<int, std::vector<double>> by_round;
  for (const auto& sample : samples)
    if (const auto it = sample.metrics.find(metric); it != sample.metrics.end())
      by_round[sample.round].push_back(it->second);
  return by_round;
}

stats::RoundSamples values_by_round(const std::vector<Sample>& samples, const std::string& metric) {
  std::map<int, std::vector<double>> by_round = values_by_round_number(samples, metric);
  stats::RoundSamples out;
  out.reserve(by_round.size());
  for (auto& [round, values] : by_round) out.push_back(std::move(values));
  return out;
}

std::optional<double> iteration_seconds(const Sample& sample) {
  // The metric that spans a whole iteration, per workload, with its unit in seconds.
  static const std::pair<const char*, double> kIterationMetrics[] = {
      {"total_us", 1e-6}, {"elapsed_ms", 1e-3}, {"seconds", 1.0}};
  for (const auto& [name, scale] : kIterationMetrics)
    if (const auto it = sample.metrics.find(name); it != sample.metrics.end())
      return it->second * scale;
  return std::nullopt;
}

}  // namespace rb
