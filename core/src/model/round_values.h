// A metric's measured samples grouped by round: the unit the statistics treat as independent
// (stats/bootstrap.h).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/results.h"
#include "stats/bootstrap.h"

namespace rb {

// The metric's values keyed by round number, each round's in sample order.
std::map<int, std::vector<double>> values_by_round_number(const std::vector<Sample>& samples,
                                                          const std::string& metric);

// One inner vector per round number that has the metric, in round order.
stats::RoundSamples values_by_round(const std::vector<Sample>& samples, const std::string& metric);

// The round's wall time in seconds that one iteration of `sample` took, from the workload's
// per-iteration time metric (flower total_us, notify elapsed_ms, pingpong/rr seconds);
// nullopt when it reports none.
std::optional<double> iteration_seconds(const Sample& sample);

}  // namespace rb
