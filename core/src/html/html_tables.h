// The tables of an HTML report: compare verdicts (coloured by verdict), the per-metric
// result tables the console shows, the cells without results, and the run's context.
#pragma once

#include <string>

#include "compare/run_comparison.h"
#include "model/results.h"
#include "text/text_table.h"

namespace rb::html {

// Any TextTable; right-aligned columns get class "num".
std::string table_html(const text::TextTable& table);

// The verdict rows, the geometric-mean rows and the flagged / not-compared lists.
std::string comparison_html(const compare::RunComparison& comparison);

// One table per headline metric: a row per matrix point, a column per plugin, "median [CI]".
std::string results_html(const RunResult& run);

// Cells that were skipped, failed, crashed or timed out, grouped by point.
std::string not_ok_html(const RunResult& run);

// Host, CPU, kernel, governor, build, git, times, command; then each plugin's provenance.
std::string context_html(const RunResult& run);

}  // namespace rb::html
