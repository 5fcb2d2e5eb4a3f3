// A run with [run] budget looked at its comparisons up to SequentialDesign::max_looks times
// (stats/sequential_design.h): each look, and so every verdict on its cells, is judged at
// the design's nominal level, its interval a repeated confidence interval at 1 - that level.
#pragma once

#include <optional>
#include <string>

#include "compare/verdict.h"
#include "model/results.h"

namespace rb::compare {

// The rules a comparison inside such a run is judged by: alpha and the interval's level
// narrowed to the nominal level for the design's looks (an --alpha other than 0.05 gets
// Bonferroni's share). The rules unchanged for a run without a budget.
VerdictRules sequential_rules(VerdictRules rules, const SequentialDesign& design);

// "sequential design ([run] budget): ...": what compare says of it; nullopt without one.
std::optional<std::string> sequential_note(const VerdictRules& rules,
                                           const SequentialDesign& design);

}  // namespace rb::compare
