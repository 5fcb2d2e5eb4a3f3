#include "workload/schema.h"

namespace rb::workload {
AxisSchema integer_axis(std::string name, std::int64_t min, std::int64_t max,
                        std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::integer;
  axis.min = min;
  axis.max = max;
  axis.default_values = std::move(defaults);
  axis.help = std::move(help);
  return axis;
}

AxisSchema choice_axis(std::string name, std::vector<std::string> choices,
                       std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::string;
  axis.choices = std::move(choices);
  axis.default_values = std::move(defaults);
  axis.help = std::move(help);
  return axis;
}

AxisSchema duration_axis(std::string name, std::int64_t min_ms, std::int64_t max_ms,
                         std::vector<rb::ParamValue> defaults, std::vector<rb::ParamValue> quick,
                         std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::duration;
  axis.min = min_ms;
  axis.max = max_ms;
  axis.default_values = std::move(defaults);
  axis.quick_values = std::move(quick);
  axis.help = std::move(help);
  return axis;
}

const AxisSchema* WorkloadSchema::find_axis(std::string_view axis_name) const {
  for (const auto& axis : axes)
    if (axis.name == axis_name) return &axis;
  return nullptr;
}

std::vector<std::string> WorkloadSchema::axis_names() const {
  std::vector<std::string> names;
  for (const auto& axis : axes) names.push_back(axis.name);
  return names;
}

const char* kind_name(AxisSchema::Kind kind) {
  switch (kind) {
    case AxisSchema::Kind::integer:
      return "integer";
    case AxisSchema::Kind::string:
      return "string";
    case AxisSchema::Kind::duration:
      return "duration";
  }
  return "unknown";
}

}  // namespace rb::workload
