// Google Benchmark's JSON output (--benchmark_format=json), so its tools/compare.py and
// anything else that reads that format can take a reactorbench run: a `context` with the
// machine (json_schema_version 1) and a `benchmarks` array with one "iteration" entry per
// sample (compare.py's U test needs the repetitions) and mean/median/stddev/cv aggregates.
#pragma once

#include <string>
#include <vector>

#include "export/export_input.h"
#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

// Each chosen time metric is a benchmark (real_time with a time_unit of ns, us, ms or s), and
// so is each throughput, as the time one unit takes (1e9 / rate, in ns), because compare.py
// compares times only. The throughputs also ride on each of the cell's entries as Google
// Benchmark's user counters: bytes_per_second (its first byte rate, MiB/s etc. in bytes) and
// items_per_second (its first other rate: requests, messages, items per second), per
// repetition and aggregated like the times. Other metrics are appended to `skipped`.
// Names leave out the parameters every cell of the workload shares (context.reactorbench.
// fixed_parameters lists them). cpu_time is real_time times the CPU the cell measured per
// second of wall time (its server's, of a two-process workload; real_time where the result
// recorded none). A disturbed cell's entries carry a `label` "disturbed: <why>", which
// compare.py prints beside the name, and "reactorbench_disturbed": true. "schema_version"
// (export_input.h) is the document's first member.
model::Json google_benchmark_json(const RunResult& run, const ExportChoice& choice,
                                  std::vector<std::string>& skipped);

// That JSON, indented, of ReportInput::run, ::metrics and ::exclude_disturbed; the skipped
// metrics are left_out; std::runtime_error saying why when it would hold no benchmark.
const report::Reporter& google_benchmark_reporter();

}  // namespace rb::exporting
