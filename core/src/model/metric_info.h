// The metrics a workload reports, so tables and comparisons know units and direction.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb {

struct MetricInfo {
  std::string name;  // key in Sample::metrics, e.g. "dispatch_us"
  std::string unit;  // "us"
  bool lower_is_better = true;
  bool headline = false;  // shown in the console table
};

// Empty for an unknown workload.
const std::vector<MetricInfo>& metrics_for_workload(std::string_view workload);

}  // namespace rb
