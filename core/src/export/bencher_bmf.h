// Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format): an
// object of benchmarks, each an object of measures, each {value, lower_value, upper_value}.
// We give the median with its bootstrap CI as the bounds. BMF has no place for the machine:
// Bencher takes it as the testbed (`bencher run --testbed <host>`).
#pragma once

#include <string>
#include <vector>

#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

// Benchmarks are named like "flower/libevent2/pipes:100/active:100/..."; each metric is a
// measure under its own name ("dispatch_us").
model::Json bencher_bmf_json(const RunResult& run, const std::vector<std::string>& metrics);

// That JSON, indented, of ReportInput::run and ::metrics.
const report::Reporter& bencher_bmf_reporter();

}  // namespace rb::exporting
