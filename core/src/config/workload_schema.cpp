#include "config/workload_schema.h"

namespace rb::config {
namespace {

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

std::vector<WorkloadSchema> build_schemas() {
  std::vector<WorkloadSchema> schemas;
  schemas.push_back(WorkloadSchema{
      "flower",
      "the hot potato (libevent test/bench.c): `active` pipes start with a byte, each read "
      "forwards one to the next pipe until `writes` are spent; setup and dispatch timed apart",
      {
          integer_axis("pipes", 1, 1'000'000, {}, "number of fd pairs watched by the loop"),
          integer_axis("active", 1, 1'000'000, {},
                       "pipes written before dispatch (the initial fires)"),
          integer_axis("writes", 0, 100'000'000, {std::int64_t{100}},
                       "global budget of forwarding writes per iteration"),
          choice_axis("transport", {"socketpair", "pipe"}, {std::string("socketpair")},
                      "socketpair (AF_UNIX stream) or pipe"),
      }});
  return schemas;
}

}  // namespace

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

const std::vector<WorkloadSchema>& workload_schemas() {
  static const std::vector<WorkloadSchema> schemas = build_schemas();
  return schemas;
}

const WorkloadSchema* find_workload_schema(std::string_view name) {
  for (const auto& schema : workload_schemas())
    if (schema.name == name) return &schema;
  return nullptr;
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const auto& schema : workload_schemas()) names.push_back(schema.name);
  return names;
}

const char* kind_name(AxisSchema::Kind kind) {
  return kind == AxisSchema::Kind::integer ? "integer" : "string";
}

}  // namespace rb::config
