// One --set argument, "axis=v1,v2": the axis it replaces, its values typed per the schema.
#pragma once

#include <string_view>

#include "config/test_plan.h"
#include "config/workload_schema.h"

namespace rb::config {

// Errors name the source "--set", line = `ordinal` (1 for the first --set), column = the
// 1-based byte offset in the argument: "--set:1:7: axis 'pipes': expected an integer...".
Axis parse_set(std::string_view argument, int ordinal, const WorkloadSchema& schema);

// The value(s) "v1,v2" of the axis named `axis` given by a command-line option of its own
// (e.g. --duration 2s): errors name the option, "--duration:1:col: ...", and a workload
// without that axis.
Axis parse_axis_option(std::string_view option, std::string_view axis, std::string_view values,
                       const WorkloadSchema& schema);

}  // namespace rb::config
