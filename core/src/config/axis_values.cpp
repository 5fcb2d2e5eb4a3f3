#include "config/axis_values.h"

#include <algorithm>
#include <set>

#include "config/duration_axis.h"
#include "config/suggestion.h"

namespace rb::config {
namespace {

std::string shown(const rb::ParamValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return in_quotes(*text);
  return rb::to_string(value);
}

void check_integer(const AxisSchema& schema, const AxisValue& item) {
  const auto* number = std::get_if<std::int64_t>(&item.value);
  if (number == nullptr)
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": expected an integer, got " +
                                    shown(item.value));
  if (*number < schema.min || *number > schema.max)
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": " + std::to_string(*number) +
                                    " is out of range " + std::to_string(schema.min) + ".." +
                                    std::to_string(schema.max));
}

void check_string(const AxisSchema& schema, const AxisValue& item) {
  const auto* text = std::get_if<std::string>(&item.value);
  if (text == nullptr)
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": expected a string, got " +
                                    shown(item.value));
  if (schema.choices.empty()) {
    if (text->empty())
      throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": empty string");
    return;
  }
  if (std::find(schema.choices.begin(), schema.choices.end(), *text) == schema.choices.end())
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": unknown value " +
                                    in_quotes(*text) + suggestion(*text, schema.choices));
}

void check_duration(const AxisSchema& schema, const AxisValue& item) {
  const auto* text = std::get_if<std::string>(&item.value);
  if (text == nullptr)
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) +
                                    ": expected a duration such as \"10s\", got " +
                                    shown(item.value));
  std::chrono::milliseconds value{};
  try {
    value = duration_value(*text);
  } catch (const std::invalid_argument& error) {
    throw ConfigError(item.pos, "axis " + in_quotes(schema.name) + ": " + error.what());
  }
  if (value.count() < schema.min || value.count() > schema.max)
    throw ConfigError(item.pos,
                      "axis " + in_quotes(schema.name) + ": " + *text + " is out of range " +
                          canonical_duration(std::chrono::milliseconds(schema.min)) + ".." +
                          canonical_duration(std::chrono::milliseconds(schema.max)));
}

}  // namespace

void check_axis_values(const AxisSchema& schema, const std::vector<AxisValue>& values,
                       const SourcePos& list_pos) {
  if (values.empty())
    throw ConfigError(list_pos, "axis " + in_quotes(schema.name) + ": the list must not be empty");
  std::set<rb::ParamValue> seen;
  for (const auto& item : values) {
    if (schema.kind == AxisSchema::Kind::integer) {
      check_integer(schema, item);
    } else if (schema.kind == AxisSchema::Kind::duration) {
      check_duration(schema, item);
    } else {
      check_string(schema, item);
    }
    if (!seen.insert(item.value).second)
      throw ConfigError(
          item.pos, "axis " + in_quotes(schema.name) + ": duplicate value " + shown(item.value));
  }
}

Axis make_axis(const AxisSchema& schema, const std::vector<AxisValue>& values,
               const SourcePos& list_pos) {
  check_axis_values(schema, values, list_pos);
  Axis axis{schema.name, {}, list_pos};
  for (const auto& item : values) axis.values.push_back(item.value);
  return axis;
}

std::vector<Axis> complete_axes(const WorkloadSchema& schema, std::map<std::string, Axis> given,
                                const SourcePos& matrix_pos) {
  std::vector<Axis> axes;
  for (const auto& axis_schema : schema.axes) {
    auto found = given.find(axis_schema.name);
    if (found != given.end()) {
      axes.push_back(std::move(found->second));
    } else if (axis_schema.required()) {
      throw ConfigError(matrix_pos, "missing required axis " + in_quotes(axis_schema.name) +
                                        " in [matrix] (workload " + in_quotes(schema.name) +
                                        "): " + axis_schema.help);
    } else {
      axes.push_back({axis_schema.name, axis_schema.default_values, matrix_pos});
    }
  }
  return axes;
}

}  // namespace rb::config
