// The parameters a workload takes: the axes a [matrix] may sweep. Each workload declares
// its own (workload/<name>/entry.cpp); the workload registry is the one table of them, so
// validation, `runner validate` and the docs all read the same facts.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "model/cell.h"

namespace rb::workload {

struct AxisSchema {
  // duration: a string such as "10s" or "500ms", or an integer number of seconds, kept as
  // its canonical string (config/duration_axis.h); min and max then bound it in milliseconds.
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
  // The descriptor tables of plugin.h the workload drives: one per role, in `roles` order, or
  // one. What an option declaration's `workloads` names (model/declared_option.h).
  std::vector<std::string> abi_tables = {};

  const AxisSchema* find_axis(std::string_view axis_name) const;
  std::vector<std::string> axis_names() const;
};

// Axis constructors for the workloads' schemas. An empty `defaults` makes the axis required.
AxisSchema integer_axis(std::string name, std::int64_t min, std::int64_t max,
                        std::vector<rb::ParamValue> defaults, std::string help);
AxisSchema choice_axis(std::string name, std::vector<std::string> choices,
                       std::vector<rb::ParamValue> defaults, std::string help);
// min_ms..max_ms bound the value; `quick` is what --quick sets it to.
AxisSchema duration_axis(std::string name, std::int64_t min_ms, std::int64_t max_ms,
                         std::vector<rb::ParamValue> defaults, std::vector<rb::ParamValue> quick,
                         std::string help);

// "integer" / "string" / "duration"
const char* kind_name(AxisSchema::Kind kind);

}  // namespace rb::workload
