// summary.md's "Rounds where the doubt is" section ([run] budget): the sequential design, and
// per compared cell the rounds it took and why they stopped there.
#pragma once

#include <string>

#include "model/results.h"

namespace rb::report {

// Empty for a run without a budget.
std::string budget_section(const RunResult& run);

}  // namespace rb::report
