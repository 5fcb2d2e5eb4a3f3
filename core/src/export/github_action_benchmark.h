// github-action-benchmark's custom tools: `customSmallerIsBetter` and `customBiggerIsBetter`
// take a JSON array of {name, unit, value, range?, extra?}. Each file holds metrics of one
// direction, so a run exports its lower-is-better metrics to one and higher-is-better ones
// to the other. `extra` carries the sample count, the CI, the plugin's provenance and the
// machine, which the action shows in its chart tooltips.
#pragma once

#include <string>
#include <vector>

#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

enum class Direction { smaller_is_better, bigger_is_better };

// Metrics of the other direction are appended to `skipped`.
model::Json github_action_benchmark_json(const RunResult& run, Direction direction,
                                         const std::vector<std::string>& metrics,
                                         std::vector<std::string>& skipped);

// That JSON, indented, of ReportInput::run and ::metrics; the skipped metrics are left_out.
const report::Reporter& github_action_benchmark_reporter(Direction direction);

}  // namespace rb::exporting
