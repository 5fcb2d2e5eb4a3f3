// The report's history of a run's cells: per cell and headline metric a small inline SVG of
// the stored runs' medians (CI whiskers), the level of each segment and a marker at each
// change point, so a step in the series is seen where it happened, not inferred from one
// comparison with the run before.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "store/history_changes.h"

namespace rb::html {

// One <svg> (with class="change-point" lines and a <title> per change point).
std::string history_svg(const store::SeriesChanges& series, std::int64_t current_run);

// The section's body: the figures (series with change points first), or `note` when empty.
std::string history_html(const std::vector<store::SeriesChanges>& series, std::int64_t current_run,
                         const std::string& note);

}  // namespace rb::html
