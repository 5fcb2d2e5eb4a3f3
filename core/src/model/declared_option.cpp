#include "model/declared_option.h"

#include <algorithm>
#include <array>

#include <reactorbench/option_int.h>

#include "text/printable.h"

namespace rb {
namespace {

constexpr std::array<std::pair<DeclaredOption::Type, const char*>, 4> kTypeNames = {{
    {DeclaredOption::Type::string, "string"},
    {DeclaredOption::Type::integer, "int"},
    {DeclaredOption::Type::boolean, "bool"},
    {DeclaredOption::Type::choice, "enum"},
}};

// As the plugins parse it: the one grammar of reactorbench/option_int.h (issue 31, item 11:
// "+64" and " 64" passed strtoll here and failed every cell's prepare).
std::optional<std::int64_t> parse_integer(std::string_view text) {
  long long value = 0;
  if (!rb_option_int_parse(text.data(), text.size(), &value)) return std::nullopt;
  return value;
}

// A value as an error echoes it: printable, and cut short when long (issue 31: a 5 MB value
// was echoed whole).
std::string quoted(std::string_view text) {
  return "'" + text::printable_excerpt(text) + "'";
}

}  // namespace

const char* type_name(DeclaredOption::Type type) {
  for (const auto& [known, name] : kTypeNames)
    if (known == type) return name;
  return "unknown";
}

std::optional<DeclaredOption::Type> type_from_name(std::string_view name) {
  for (const auto& [type, known] : kTypeNames)
    if (name == known) return type;
  return std::nullopt;
}

std::vector<std::string> choices_of(const DeclaredOption& option) {
  std::vector<std::string> choices;
  std::string_view rest = option.allowed;
  while (!rest.empty()) {
    const auto bar = rest.find('|');
    choices.emplace_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
    if (rest.empty()) choices.emplace_back();  // "a|": an empty last alternative
  }
  return choices;
}

std::optional<std::pair<std::int64_t, std::int64_t>> integer_range(std::string_view allowed) {
  long long low = 0;
  long long high = 0;
  if (!rb_option_int_range(allowed.data(), allowed.size(), &low, &high)) return std::nullopt;
  return std::pair<std::int64_t, std::int64_t>{low, high};
}

std::optional<std::string> value_problem(const DeclaredOption& option, std::string_view value) {
  switch (option.type) {
    case DeclaredOption::Type::integer: {
      const auto number = parse_integer(value);
      if (!number) return "expected an integer, got " + quoted(value);
      const auto range = integer_range(option.allowed);
      if (range && (*number < range->first || *number > range->second))
        return std::to_string(*number) + " is outside " + option.allowed;
      return std::nullopt;
    }
    case DeclaredOption::Type::boolean:
      if (value == "on" || value == "off" || value == "true" || value == "false")
        return std::nullopt;
      return "expected on or off, got " + quoted(value);
    case DeclaredOption::Type::choice: {
      const auto choices = choices_of(option);
      if (std::find(choices.begin(), choices.end(), value) != choices.end()) return std::nullopt;
      return "unknown value " + quoted(value) + " (known: " + option.allowed + ")";
    }
    case DeclaredOption::Type::string:
      return std::nullopt;
  }
  return std::nullopt;
}

bool applies_to(const DeclaredOption& option, std::string_view table) {
  return option.workloads.empty() || std::find(option.workloads.begin(), option.workloads.end(),
                                               table) != option.workloads.end();
}

}  // namespace rb
