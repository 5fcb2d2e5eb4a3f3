#include "model/duration.h"

#include <cstdint>
#include <stdexcept>

namespace rb {

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text, std::string& why) {
  const std::int64_t max_ms = max_duration.count();
  std::size_t digits = 0;
  std::int64_t number = 0;
  bool too_large = false;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
    if (!too_large) {
      number = number * 10 + (text[digits] - '0');
      too_large = number > max_ms;
    }
    ++digits;
  }

  std::int64_t ms_per_unit = 0;
  const std::string_view unit = text.substr(digits);
  if (unit == "ms") {
    ms_per_unit = 1;
  } else if (unit == "s") {
    ms_per_unit = 1000;
  } else if (unit == "m") {
    ms_per_unit = 60 * 1000;
  } else if (unit == "h") {
    ms_per_unit = 60 * 60 * 1000;
  }
  if (digits == 0 || ms_per_unit == 0) {
    why = "expected a whole number with a unit: \"500ms\", \"60s\", \"2m\" or \"1h\"";
    return std::nullopt;
  }
  if (too_large || number > max_ms / ms_per_unit) {
    why = "must be at most " + std::to_string(max_duration.count() / 3'600'000) + "h";
    return std::nullopt;
  }
  return std::chrono::milliseconds(number * ms_per_unit);
}

std::chrono::milliseconds duration_value(std::string_view text) {
  std::string why;
  const auto value = parse_duration(text, why);
  if (!value) throw std::invalid_argument("duration '" + std::string(text) + "': " + why);
  return *value;
}

}  // namespace rb
