// One option a plugin declares it takes (ABI 1.3: rb_option_decl in plugin.h), as the host
// keeps it: read from the descriptor by the probe, carried to the runner's parent, checked
// against a config's [plugin_options] before anything runs and listed by
// `runner plugins --options NAME`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rb {

struct DeclaredOption {
  enum class Type { string, integer, boolean, choice };  // RB_OPTION_STRING, _INT, _BOOL, _ENUM

  std::string name;
  Type type = Type::string;
  std::string allowed;  // choice: "a|b|c"; integer: "MIN..MAX" or ""; otherwise ""
  std::optional<std::string> default_value = std::nullopt;
  std::string help = {};
  // The ABI tables that read it ("flower", "pingpong_server", ...); empty = every one.
  std::vector<std::string> workloads = {};

  friend bool operator==(const DeclaredOption&, const DeclaredOption&) = default;
};

// "string", "int", "bool", "enum": the RB_OPTION_* names as people read them.
const char* type_name(DeclaredOption::Type type);
std::optional<DeclaredOption::Type> type_from_name(std::string_view name);

// A choice's alternatives, in order ("a|b" -> {"a", "b"}).
std::vector<std::string> choices_of(const DeclaredOption& option);

// "MIN..MAX" as two integers, MIN <= MAX; nullopt for anything else.
std::optional<std::pair<std::int64_t, std::int64_t>> integer_range(std::string_view allowed);

// Why `value` is not a value of `option`, worded as the plugins' own parser
// (plugins/common/option_table.c) words it: "expected an integer, got 'x'", "70 is outside
// 1..64", "expected on or off, got 'x'", "unknown value 'x' (known: a|b)"; nullopt when it is.
std::optional<std::string> value_problem(const DeclaredOption& option, std::string_view value);

// Whether the option is read by the ABI table `table`: it names no workloads, or that one.
bool applies_to(const DeclaredOption& option, std::string_view table);

}  // namespace rb
