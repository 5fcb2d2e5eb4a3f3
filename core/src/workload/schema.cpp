#include "workload/schema.h"

#include "text/enum_names.h"

namespace rb::workload {
namespace {

// What every kind of axis has; the kind's own fields are set by its maker below.
AxisSchema axis_of(std::string name, AxisSchema::Kind kind, std::vector<rb::ParamValue> defaults,
                   std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = kind;
  axis.default_values = std::move(defaults);
  axis.help = std::move(help);
  return axis;
}

}  // namespace

AxisSchema integer_axis(std::string name, std::int64_t min, std::int64_t max,
                        std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis =
      axis_of(std::move(name), AxisSchema::Kind::integer, std::move(defaults), std::move(help));
  axis.min = min;
  axis.max = max;
  return axis;
}

AxisSchema choice_axis(std::string name, std::vector<std::string> choices,
                       std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis =
      axis_of(std::move(name), AxisSchema::Kind::string, std::move(defaults), std::move(help));
  axis.choices = std::move(choices);
  return axis;
}

AxisSchema duration_axis(std::string name, std::int64_t min_ms, std::int64_t max_ms,
                         std::vector<rb::ParamValue> defaults, std::vector<rb::ParamValue> quick,
                         std::string help) {
  AxisSchema axis =
      axis_of(std::move(name), AxisSchema::Kind::duration, std::move(defaults), std::move(help));
  axis.min = min_ms;
  axis.max = max_ms;
  axis.quick_values = std::move(quick);
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
  constexpr text::EnumName<AxisSchema::Kind> kNames[] = {{AxisSchema::Kind::integer, "integer"},
                                                         {AxisSchema::Kind::string, "string"},
                                                         {AxisSchema::Kind::duration, "duration"}};
  return text::name_of(kNames, kind, "unknown");
}

}  // namespace rb::workload
