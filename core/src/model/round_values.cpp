#include "model/round_values.h"

#include <map>
#include <utility>

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

std::optional<double> seconds_per_unit(std::string_view unit) {
  static const std::pair<std::string_view, double> kTimeUnits[] = {
      {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1.0}};
  for (const auto& [name, scale] : kTimeUnits)
    if (name == unit) return scale;
  return std::nullopt;
}

std::optional<double> iteration_seconds(const Sample& sample, const MetricInfo& iteration_metric) {
  const auto scale = seconds_per_unit(iteration_metric.unit);
  const auto it = sample.metrics.find(iteration_metric.name);
  if (!scale || it == sample.metrics.end()) return std::nullopt;
  return it->second * *scale;
}

}  // namespace rb
