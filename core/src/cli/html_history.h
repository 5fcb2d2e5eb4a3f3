// The HTML report's History section for one run: the series of run medians of its config's cells
// on its host, up to and including the run, with their change points, read from the store
// the run came from (or --store / REACTORBENCH_DB). A run without a store gets no section.
#pragma once

#include "cli/run_source.h"
#include "html/html_report.h"

namespace rb::cli {

// The newest runs drawn: enough to see a level and its shifts, few enough to read.
inline constexpr std::size_t kReportHistoryRuns = 30;

void add_history(const LoadedRun& run, const RunSourceOptions& sources,
                 html::ReportSection& section);

}  // namespace rb::cli
