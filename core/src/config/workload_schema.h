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
  // duration: a string such as "10s" or "500ms", or an integer number of seconds, kept as
  // its canonical string (duration_axis.h); min and max then bound it in milliseconds.
  enum class Kind { integer, string, duration };

  std::string name;
  Kind kind = Kind::integer;
  std::int64_t min = 0;  // integer axes only, inclusive
  std::int64_t max = std::numeric_limits<std::int64_t>::max();
  std::vector<std::string> choices;            // string axes; empty = any string
  std::vector<rb::ParamValue> default_values;  // empty = the axis is required
  std::string help;
  // What --quick sets the axis to; empty: the first two of the given values.
  std::vector<rb::ParamValue> quick_values = {};

  bool required() const { return default_values.empty(); }
};

struct WorkloadSchema {
  std::string name;
  std::string help;
  std::vector<AxisSchema> axes;  // the order of a cell's params
  // Two-process workloads: the roles each cell pairs plugins for (e.g. "server", "client").
  // [matrix] may then list plugins per role under these keys (role_pairs.h).
  std::vector<std::string> roles = {};

  const AxisSchema* find_axis(std::string_view axis_name) const;
  std::vector<std::string> axis_names() const;
};

const std::vector<WorkloadSchema>& workload_schemas();
const WorkloadSchema* find_workload_schema(std::string_view name);
std::vector<std::string> workload_names();

// "integer" / "string" / "duration"
const char* kind_name(AxisSchema::Kind kind);

}  // namespace rb::config
