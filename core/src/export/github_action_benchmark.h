// github-action-benchmark's custom tools: `customSmallerIsBetter` and `customBiggerIsBetter`
// take a JSON array of {name, unit, value, range?, extra?}. Each file holds metrics of one
// direction, so a run exports its lower-is-better metrics to one and higher-is-better ones
// to the other. `extra` carries the sample count, the CI, the plugin's provenance and the
// machine, which the action shows in its chart tooltips; a disturbed cell's `extra` begins
// "DISTURBED: <why>" (the action has no other member for it, and a name must stay the same
// from run to run to stay one chart line).
#pragma once

#include <string>
#include <vector>

#include "export/export_input.h"
#include "model/json_codec.h"
#include "model/results.h"
#include "report/reporter.h"

namespace rb::exporting {

enum class Direction { smaller_is_better, bigger_is_better };

// Metrics of the other direction are appended to `skipped`.
model::Json github_action_benchmark_json(const RunResult& run, Direction direction,
                                         const ExportChoice& choice,
                                         std::vector<std::string>& skipped);

// That JSON, indented, of ReportInput::run, ::metrics and ::exclude_disturbed; the skipped
// metrics are left_out; std::runtime_error saying why when the array would be empty (the
// action rejects an empty one).
const report::Reporter& github_action_benchmark_reporter(Direction direction);

}  // namespace rb::exporting
