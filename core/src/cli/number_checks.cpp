#include "cli/number_checks.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>

#include <fmt/format.h>

#include "text/printable.h"

namespace rb::cli {
namespace {

std::optional<long long> whole(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return std::nullopt;
  return value;
}

std::optional<double> number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The user's text as the message quotes it: foreign text, so through the printable path.
std::string as_typed(const std::string& text) {
  return "'" + text::printable(text) + "'";
}

}  // namespace

CLI::Validator whole_number_from(long long min) {
  const std::string allowed = fmt::format("a whole number, {} or more", min);
  return CLI::Validator(
      [min, allowed](std::string& text) -> std::string {
        const auto value = whole(text);
        if (!value)
          return fmt::format("{} is not a whole number: give {}", as_typed(text), allowed);
        if (*value < min) return fmt::format("{} is too small: give {}", *value, allowed);
        return {};
      },
      fmt::format("INT>={}", min));
}

CLI::Validator whole_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (!whole(text)) return fmt::format("{} is not a whole number", as_typed(text));
        return {};
      },
      "INT");
}

CLI::Validator number_between(double low, double high) {
  const std::string allowed = fmt::format("a number from {:g} to {:g}", low, high);
  return CLI::Validator(
      [low, high, allowed](std::string& text) -> std::string {
        const auto value = number(text);
        if (!value) return fmt::format("{} is not a number: give {}", as_typed(text), allowed);
        if (*value < low || *value > high)
          return fmt::format("{} is out of range: give {}", text, allowed);
        return {};
      },
      fmt::format("{:g}..{:g}", low, high));
}

CLI::Validator positive_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto value = number(text);
        if (!value) return fmt::format("{} is not a number: give a number above 0", as_typed(text));
        if (*value <= 0) return fmt::format("{} is too small: give a number above 0", text);
        return {};
      },
      "NUMBER>0");
}

}  // namespace rb::cli
