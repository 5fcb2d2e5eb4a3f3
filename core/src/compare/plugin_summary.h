// One line per plugin and metric over a whole comparison: the geometric mean of the cells'
// ratios (the mean that treats 2x faster and 2x slower as opposites) and the verdict counts.
#pragma once

#include <vector>

#include "compare/run_comparison.h"

namespace rb::compare {

// In order of first appearance; ratios that are not finite and positive are left out of the
// mean but their verdicts are counted.
std::vector<PluginSummary> summarize_by_plugin(const std::vector<CellComparison>& rows);

}  // namespace rb::compare
