// The comparisons a run is made for, which [run] budget spends its extra rounds on: each
// variant against the plugin it varies (an A/B of builds or options), or, in a plan without
// variants, each plugin against the first one.
#pragma once

#include <string>
#include <vector>

#include "config/test_plan.h"

namespace rb::config {

struct RunComparisonPair {
  std::string base;  // a column of the plan (a plugin, or a server/client pair's label)
  std::string next;
};

std::vector<RunComparisonPair> run_comparisons(const TestPlan& plan);

}  // namespace rb::config
