#include "config/set_override.h"

#include <charconv>

#include "config/axis_values.h"
#include "config/duration_axis.h"
#include "config/suggestion.h"

namespace rb::config {
namespace {

struct Piece {
  std::string_view text;
  std::size_t offset;  // of text within the argument
};

Piece trimmed(std::string_view argument, std::size_t begin, std::size_t end) {
  while (begin < end && (argument[begin] == ' ' || argument[begin] == '\t')) ++begin;
  while (end > begin && (argument[end - 1] == ' ' || argument[end - 1] == '\t')) --end;
  return {argument.substr(begin, end - begin), begin};
}

rb::ParamValue typed_value(const AxisSchema& axis, const Piece& piece, const SourcePos& pos) {
  if (axis.kind == AxisSchema::Kind::string) return std::string(piece.text);
  if (axis.kind == AxisSchema::Kind::duration) {
    // "10" means seconds, as in the config.
    const bool digits_only = piece.text.find_first_not_of("0123456789") == std::string_view::npos;
    std::string why;
    std::optional<std::string> value;
    if (digits_only) {
      std::int64_t seconds = 0;
      const auto [end, error] =
          std::from_chars(piece.text.data(), piece.text.data() + piece.text.size(), seconds);
      value = error == std::errc() ? canonical_duration_seconds(seconds, why) : std::nullopt;
      if (error != std::errc()) why = "does not fit in 64 bits";
    } else {
      value = canonical_duration(piece.text, why);
    }
    if (!value)
      throw ConfigError(pos,
                        "axis " + in_quotes(axis.name) + ": " + in_quotes(piece.text) + ": " + why);
    return *value;
  }
  std::int64_t number = 0;
  const char* first = piece.text.data();
  const char* last = first + piece.text.size();
  const auto [end, error] = std::from_chars(first, last, number);
  if (error == std::errc::result_out_of_range)
    throw ConfigError(pos, "axis " + in_quotes(axis.name) + ": " + in_quotes(piece.text) +
                               " does not fit in 64 bits");
  if (error != std::errc() || end != last)
    throw ConfigError(pos, "axis " + in_quotes(axis.name) + ": expected an integer, got " +
                               in_quotes(piece.text));
  return number;
}

// The comma-separated values of `axis` in argument[begin..], each typed and placed by `at`.
template <typename PositionOf>
Axis parse_values(const AxisSchema& axis, std::string_view argument, std::size_t begin,
                  const PositionOf& at) {
  std::vector<AxisValue> values;
  const std::size_t first = begin;
  for (;;) {
    std::size_t end = argument.find(',', begin);
    if (end == std::string_view::npos) end = argument.size();
    const Piece piece = trimmed(argument, begin, end);
    const SourcePos pos = at(piece.offset);
    if (piece.text.empty())
      throw ConfigError(pos, "axis " + in_quotes(axis.name) + ": empty value");
    values.push_back({typed_value(axis, piece, pos), pos});
    if (end == argument.size()) break;
    begin = end + 1;
  }
  return make_axis(axis, values, at(first));
}

}  // namespace

Axis parse_set(std::string_view argument, int ordinal, const WorkloadSchema& schema) {
  const auto at = [&](std::size_t offset) {
    return SourcePos{"--set", ordinal, static_cast<int>(offset) + 1};
  };
  const std::size_t equals = argument.find('=');
  if (equals == std::string_view::npos)
    throw ConfigError(at(0), "expected axis=v1,v2, got " + in_quotes(argument));

  const Piece name = trimmed(argument, 0, equals);
  if (name.text.empty()) throw ConfigError(at(name.offset), "missing axis name before '='");
  const AxisSchema* axis = schema.find_axis(name.text);
  if (axis == nullptr)
    throw ConfigError(at(name.offset), "unknown axis " + in_quotes(name.text) + " for workload " +
                                           in_quotes(schema.name) +
                                           suggestion(name.text, schema.axis_names()));
  return parse_values(*axis, argument, equals + 1, at);
}

Axis parse_axis_option(std::string_view option, std::string_view axis_name, std::string_view values,
                       const WorkloadSchema& schema) {
  const auto at = [&](std::size_t offset) {
    return SourcePos{std::string(option), 1, static_cast<int>(offset) + 1};
  };
  const AxisSchema* axis = schema.find_axis(axis_name);
  if (axis == nullptr)
    throw ConfigError(at(0), "workload " + in_quotes(schema.name) + " has no " +
                                 in_quotes(axis_name) +
                                 " axis (its axes: " + join(schema.axis_names()) + ")");
  return parse_values(*axis, values, 0, at);
}

}  // namespace rb::config
