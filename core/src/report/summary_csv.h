// summary.csv: one row per cell and metric, for spreadsheets and scripts.
#pragma once

#include <filesystem>
#include <string>

#include "model/results.h"

namespace rb::report {

// Header: index, workload, plugin, <every param, in first-seen order>, metric, unit, n,
// median, ci_low, ci_high, mean, stddev, cv, min, max, outliers, status, reason, user_s,
// sys_s, max_rss_kib. A cell without metrics (e.g. skipped) still gets one row, with the
// metric columns empty. Numbers are written in full precision.
std::string format_summary_csv(const RunResult& run);

// Replaces path atomically with format_summary_csv(run).
void write_summary_csv(const RunResult& run, const std::filesystem::path& path);

}  // namespace rb::report
