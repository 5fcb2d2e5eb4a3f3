// Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format): an
// object of benchmarks, each an object of measures, each {value, lower_value, upper_value}.
// We give the median with its bootstrap CI as the bounds. BMF has no place for the machine:
// Bencher takes it as the testbed (`bencher run --testbed <host>`).
#pragma once

#include <string>
#include <vector>

#include "export/export_input.h"
#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

// Benchmarks are named like "flower/libevent2/pipes:100/active:100/..."; each metric is a
// measure under its own name ("dispatch_us"). BMF has no member for a note, so a cell's
// disturbance is a measure of its own, "disturbed_cpu_share": the largest share of the
// cell's CPUs other work took in a round, on every benchmark of a run with a disturbed cell
// (0 on the clean ones), so that a Bencher threshold on it can fail the disturbed ones.
model::Json bencher_bmf_json(const RunResult& run, const ExportChoice& choice);

// That JSON, indented, of ReportInput::run, ::metrics and ::exclude_disturbed;
// std::runtime_error saying why when it would hold no benchmark.
const report::Reporter& bencher_bmf_reporter();

}  // namespace rb::exporting
