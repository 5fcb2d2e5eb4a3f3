// The HTML report's Bisect part for one run: scripts/bisect leaves its bisect.json (the path
// to the culprit) beside each step's summary.json, so a report of a step's run shows the
// path. A run without one gets no part; one that cannot be read gets a note saying why.
#pragma once

#include <filesystem>

#include "cli/run_source.h"
#include "html/html_report.h"

namespace rb::cli {

void add_bisect(const LoadedRun& run, html::ReportSection& section);

}  // namespace rb::cli
