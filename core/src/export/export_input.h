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
  // The name without the parameters every cell of its workload in the run shares
  // ("flower/libevent2/pipes:100/active:100"): those are in fixed_parameters().
  std::string short_name;
  std::vector<ExportedMetric> metrics;
  // Why its numbers may be the machine's rather than the code's (CellResult::disturbance);
  // empty for a clean cell. Every format carries it where it has room.
  std::string disturbed = {};
};

// Which of a run's numbers an export takes. A CI dashboard takes whatever it is given as a
// clean number, so by default only the workloads' headline metrics (those a person reads in
// the console table) go out, and a disturbed cell goes out marked.
struct ExportChoice {
  // Empty: each workload's headline metrics (every metric of a workload that declares none);
  // {"all"}: every metric; otherwise these names.
  std::vector<std::string> metrics = {};
  bool exclude_disturbed = false;  // leave disturbed cells out instead of marking them
};

// The ok cells of the run in plan order with the chosen metrics (declared ones first).
std::vector<ExportedCell> exported_cells(const RunResult& run, const ExportChoice& choice);

// The parameters every cell of the workload has at one value, "writes:100 transport:socketpair"
// ("" when none is).
std::string fixed_parameters(const RunResult& run, const std::string& workload);

// The cells an export cannot give numbers for: "rr/libuv/connections:10: failed: <why>" for
// each cell that is not ok, and "...: disturbed: <why>" for those --exclude-disturbed left out.
std::vector<std::string> withheld_cells(const RunResult& run, const ExportChoice& choice);

// Why an export came out empty, in words a user can act on: which metrics were chosen, which
// the run has, and what to ask for instead. `wanted` names what the format takes ("a time
// metric", "a bigger-is-better metric").
std::string nothing_to_export(const RunResult& run, const ExportChoice& choice,
                              const std::string& format, const std::string& wanted);

// "us", "ns", "ms", "s" when the metric is a time (by its unit, else its name's suffix),
// otherwise "".
std::string time_unit_of(const MetricInfo& info);

// One paragraph of machine and build facts for formats with a free-text field.
std::string machine_summary(const RunContext& context);

// "libevent2 1.0.0 (libevent 2.1.12-stable), sha256 1a2b3c4d5e6f"
std::string provenance_summary(const CellResult& cell);

}  // namespace rb::exporting
