// One --set argument, "axis=v1,v2": the axis it replaces, its values typed per the schema.
#pragma once

#include <string_view>

#include "config/test_plan.h"
#include "config/workload_schema.h"

namespace rb::config {

// Errors name the source "--set", line = `ordinal` (1 for the first --set), column = the
// 1-based byte offset in the argument: "--set:1:7: axis 'pipes': expected an integer...".
Axis parse_set(std::string_view argument, int ordinal, const WorkloadSchema& schema);

}  // namespace rb::config
