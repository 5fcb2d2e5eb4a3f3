// Checking a matrix axis' values against its schema, wherever they came from (the config's
// [matrix] or --set), and completing the axes with the schema's defaults.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "config/source_pos.h"
#include "config/test_plan.h"
#include "config/workload_schema.h"
#include "model/cell.h"

namespace rb::config {

struct AxisValue {
  rb::ParamValue value;  // already of the axis' kind
  SourcePos pos;
};

// Range (integer axes), choices (string axes), no duplicates, not empty (at list_pos).
void check_axis_values(const AxisSchema& schema, const std::vector<AxisValue>& values,
                       const SourcePos& list_pos);

Axis make_axis(const AxisSchema& schema, const std::vector<AxisValue>& values,
               const SourcePos& list_pos);

// Every axis of the schema, in schema order: the given one, else the defaults. A required
// axis that was not given is an error at matrix_pos (the table that should hold it).
std::vector<Axis> complete_axes(const WorkloadSchema& schema, std::map<std::string, Axis> given,
                                const SourcePos& matrix_pos);

}  // namespace rb::config
