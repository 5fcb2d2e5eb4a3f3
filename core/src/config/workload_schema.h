// The parameters each workload takes: the axes a [matrix] may sweep. One table for the
// whole runner, so validation, `runner validate` and the docs all read the same facts.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "model/cell.h"

namespace rb::config {

struct AxisSchema {
  enum class Kind { integer, string };

  std::string name;
  Kind kind = Kind::integer;
  std::int64_t min = 0;  // integer axes only, inclusive
  std::int64_t max = std::numeric_limits<std::int64_t>::max();
  std::vector<std::string> choices;            // string axes; empty = any string
  std::vector<rb::ParamValue> default_values;  // empty = the axis is required
  std::string help;

  bool required() const { return default_values.empty(); }
};

struct WorkloadSchema {
  std::string name;
  std::string help;
  std::vector<AxisSchema> axes;  // the order of a cell's params

  const AxisSchema* find_axis(std::string_view axis_name) const;
  std::vector<std::string> axis_names() const;
};

const std::vector<WorkloadSchema>& workload_schemas();
const WorkloadSchema* find_workload_schema(std::string_view name);
std::vector<std::string> workload_names();

// "integer" / "string"
const char* kind_name(AxisSchema::Kind kind);

}  // namespace rb::config
