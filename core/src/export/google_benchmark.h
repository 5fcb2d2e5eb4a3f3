// Google Benchmark's JSON output (--benchmark_format=json), so its tools/compare.py and
// anything else that reads that format can take a reactorbench run: a `context` with the
// machine (json_schema_version 1) and a `benchmarks` array with one "iteration" entry per
// sample (compare.py's U test needs the repetitions) and mean/median/stddev/cv aggregates.
#pragma once

#include <string>
#include <vector>

#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

// Time metrics are the benchmarks (real_time with a time_unit of ns, us, ms or s). A cell's
// throughputs ride on each of its time entries as Google Benchmark's user counters:
// bytes_per_second (its first byte rate, MiB/s etc. in bytes) and items_per_second (its
// first other rate: requests, messages, items per second), per repetition and aggregated
// like the times. Other metrics, and rates of a cell with no time metric, are appended to
// `skipped`. real_time and cpu_time both carry the measured time: the runner times phases
// by wall clock and has no per-iteration CPU time. "schema_version" (export_input.h) is the
// document's first member.
model::Json google_benchmark_json(const RunResult& run, const std::vector<std::string>& metrics,
                                  std::vector<std::string>& skipped);

// That JSON, indented, of ReportInput::run and ::metrics; the skipped metrics are left_out.
const report::Reporter& google_benchmark_reporter();

}  // namespace rb::exporting
