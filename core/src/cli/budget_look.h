// [run] budget's look at a run in progress: each of the run's comparisons
// (config/run_comparisons.h) judged on the rounds so far, paired and at the sequential
// design's level (compare/sequential_rules.h), exactly as `runner compare --plugins` will
// judge the finished run; the points where one is still undecided, most uncertain first.
#pragma once

#include <vector>

#include "config/test_plan.h"
#include "exec/matrix_runner.h"
#include "model/results.h"

namespace rb::cli {

// Undecided: inconclusive and not withheld for a reason more rounds cannot change (a
// disturbance, the clock's resolution); rounds too few to judge are undecided. A point's
// group holds the cells of all its undecided comparisons; "most uncertain" is the widest
// interval (in log ratio) among them.
exec::BudgetLook look_at_comparisons(const config::TestPlan& plan, const RunContext& context,
                                     const std::vector<CellResult>& cells);

}  // namespace rb::cli
