// summary.md: the run's context, a comparison table per headline metric, the cells that
// did not run cleanly, and the outliers flagged.
#pragma once

#include <filesystem>
#include <string>

#include "model/results.h"

namespace rb::report {

std::string format_summary_md(const RunResult& run);

// Replaces path atomically with format_summary_md(run).
void write_summary_md(const RunResult& run, const std::filesystem::path& path);

}  // namespace rb::report
