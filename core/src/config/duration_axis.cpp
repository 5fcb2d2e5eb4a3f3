#include "config/duration_axis.h"

#include "model/duration.h"

namespace rb::config {

std::string canonical_duration(std::chrono::milliseconds value) {
  struct Unit {
    std::int64_t ms;
    const char* suffix;
  };
  static constexpr Unit units[] = {{3'600'000, "h"}, {60'000, "m"}, {1000, "s"}};
  const std::int64_t ms = value.count();
  for (const auto& unit : units)
    if (ms != 0 && ms % unit.ms == 0) return std::to_string(ms / unit.ms) + unit.suffix;
  return std::to_string(ms) + "ms";
}

std::optional<std::string> canonical_duration(std::string_view text, std::string& why) {
  const auto value = parse_duration(text, why);
  if (!value) return std::nullopt;
  return canonical_duration(*value);
}

std::optional<std::string> canonical_duration_seconds(std::int64_t seconds, std::string& why) {
  const std::int64_t max_seconds = max_duration.count() / 1000;
  if (seconds < 0 || seconds > max_seconds) {
    why = "must be 0.." + std::to_string(max_seconds) + " seconds";
    return std::nullopt;
  }
  return canonical_duration(std::chrono::seconds(seconds));
}

}  // namespace rb::config
