#include "report/number_format.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace rb::report {

std::string format_significant(double value, int digits) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  if (value == 0) return "0";
  digits = std::max(digits, 1);
  const auto decade = [](double v) {
    return static_cast<int>(std::floor(std::log10(std::fabs(v))));
  };
  const double scale = std::pow(10.0, decade(value) - (digits - 1));
  const double rounded = std::round(value / scale) * scale;
  // Rounding may carry into the next decade (9.996 -> 10.0): count decimals after it.
  const int decimals = std::max(0, digits - 1 - decade(rounded));
  return fmt::format("{:.{}f}", rounded, decimals);
}

std::string format_or_na(double value) {
  return std::isfinite(value) ? format_significant(value, 3) : "n/a";
}

std::string format_duration(double seconds) {
  const auto total = static_cast<long long>(std::llround(std::max(seconds, 0.0)));
  const long long hours = total / 3600;
  const long long minutes = total / 60 % 60;
  const long long secs = total % 60;
  if (hours > 0) return fmt::format("{}:{:02}:{:02}", hours, minutes, secs);
  return fmt::format("{}:{:02}", minutes, secs);
}

}  // namespace rb::report
