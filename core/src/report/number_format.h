// How numbers look in human-facing tables.
#pragma once

#include <string>

namespace rb::report {

// value rounded to `digits` significant digits, never in exponent form: 12.345 -> "12.3",
// 0.012345 -> "0.0123", 12345 -> "12300". NaN and infinities print as "nan", "inf", "-inf".
std::string format_significant(double value, int digits = 3);

// format_significant to three digits, "n/a" for NaN and infinities (a value not measured).
std::string format_or_na(double value);

// "0:41", "12:05", "1:02:03" for a number of seconds (negative counts as 0).
std::string format_duration(double seconds);

}  // namespace rb::report
