// What every export format starts from: per ok cell, its name and each metric with its
// direction, unit, summary and raw samples.
#pragma once

#include <string>
#include <vector>

#include "model/metric_info.h"
#include "model/results.h"
#include "stats/summary.h"

namespace rb::exporting {

// The version of what the exports put in the other tools' formats (names, units, the
// counters and the extra text), where a format has room for it: Google Benchmark's top-level
// "schema_version", github-action-benchmark's `extra` text ("schema_version: 1"). Bencher's
// BMF has none (every top-level member is a benchmark, every inner one a measure), nor has
// the .hgrm text beyond what HdrHistogram prints. 1: the first versioned exports.
inline constexpr int kExportSchemaVersion = 1;

struct ExportedMetric {
  MetricInfo info;  // unit and direction from the workload's declaration, else guessed
  stats::Summary summary;
  std::vector<double> samples;  // measured samples in order; empty for a summary-only source
};

struct ExportedCell {
  const CellResult* cell = nullptr;
  std::string name;  // "flower/libevent2/pipes:100/active:100/writes:100/transport:socketpair"
  std::vector<ExportedMetric> metrics;
};

// The ok cells of the run in plan order; `only` restricts the metrics (empty: all of them,
// declared ones first).
std::vector<ExportedCell> exported_cells(const RunResult& run,
                                         const std::vector<std::string>& only);

// "us", "ns", "ms", "s" when the metric is a time (by its unit, else its name's suffix),
// otherwise "".
std::string time_unit_of(const MetricInfo& info);

// One paragraph of machine and build facts for formats with a free-text field.
std::string machine_summary(const RunContext& context);

// "libevent2 1.0.0 (libevent 2.1.12-stable), sha256 1a2b3c4d5e6f"
std::string provenance_summary(const CellResult& cell);

}  // namespace rb::exporting
