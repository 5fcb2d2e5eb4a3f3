// A metric a workload reports, so tables and comparisons know its unit and direction. Each
// workload lists its own (workload/<name>/entry.cpp); ask workload/registry.h for them.
#pragma once

#include <string>

namespace rb {

struct MetricInfo {
  std::string name;  // key in Sample::metrics, e.g. "dispatch_us"
  std::string unit;  // "us"
  bool lower_is_better = true;
  bool headline = false;  // shown in the console table
  // Drawn by scripts/plot.py, which reads the list from summary.json's "declared_metrics":
  // what a workload's figure shows is the workload's to say, beside its metrics.
  bool plotted = false;
};

}  // namespace rb
