#include "model/metric_info.h"

namespace rb {

const std::vector<MetricInfo>& metrics_for_workload(std::string_view workload) {
  static const std::vector<MetricInfo> flower = {
      {"setup_us", "us", true, true},
      {"dispatch_us", "us", true, true},
      {"total_us", "us", true, false},
  };
  static const std::vector<MetricInfo> none;
  if (workload == "flower") return flower;
  return none;
}

}  // namespace rb
