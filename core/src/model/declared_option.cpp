#include "model/declared_option.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>

namespace rb {
namespace {

constexpr std::array<std::pair<DeclaredOption::Type, const char*>, 4> kTypeNames = {{
    {DeclaredOption::Type::string, "string"},
    {DeclaredOption::Type::integer, "int"},
    {DeclaredOption::Type::boolean, "bool"},
    {DeclaredOption::Type::choice, "enum"},
}};

// As the plugins parse it: strtoll in base 10, the whole text consumed, nothing out of range.
std::optional<std::int64_t> parse_integer(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(copy.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return std::nullopt;
  return value;
}

std::string quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
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
  const auto dots = allowed.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  const auto low = parse_integer(allowed.substr(0, dots));
  const auto high = parse_integer(allowed.substr(dots + 2));
  if (!low || !high || *low > *high) return std::nullopt;
  return std::pair{*low, *high};
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
