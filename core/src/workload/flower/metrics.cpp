#include "workload/flower/entry.h"

namespace rb::workload::flower {

std::vector<MetricInfo> metrics() {
  return {
      {"setup_us", "us", true, true},
      {"dispatch_us", "us", true, true},
      {"total_us", "us", true, false},
  };
}

}  // namespace rb::workload::flower
