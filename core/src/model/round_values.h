// A metric's measured samples grouped by round: the unit the statistics treat as independent
// (stats/bootstrap.h).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/metric_info.h"
#include "model/results.h"
#include "stats/bootstrap.h"

namespace rb {

// The metric's values keyed by round number, each round's in sample order.
std::map<int, std::vector<double>> values_by_round_number(const std::vector<Sample>& samples,
                                                          const std::string& metric);

// One inner vector per round number that has the metric, in round order.
stats::RoundSamples values_by_round(const std::vector<Sample>& samples, const std::string& metric);

// How many seconds one of a time unit ("ns", "us", "ms", "s") is; nullopt for another unit.
std::optional<double> seconds_per_unit(std::string_view unit);

// The wall time in seconds that one iteration of `sample` took, from the metric its workload
// declares to span an iteration (workload/registry.h, MetricRoles::iteration_metric);
// nullopt when the sample lacks it or its unit is no time.
std::optional<double> iteration_seconds(const Sample& sample, const MetricInfo& iteration_metric);

}  // namespace rb
