// Values of a duration axis (AxisSchema::Kind::duration): "10s", "500ms", "2m" or an integer
// number of seconds, kept in one canonical spelling so "1s" and "1000ms" are the same value
// (and a duplicate) and a cell's label reads the way a person would write it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/duration.h"

namespace rb::config {

// The largest unit that divides the value exactly: 1500 ms -> "1500ms", 60000 ms -> "1m".
std::string canonical_duration(std::chrono::milliseconds value);

// A duration string (duration.h) in canonical form, or nullopt with `why` set.
std::optional<std::string> canonical_duration(std::string_view text, std::string& why);

// Seconds as written in a config (`duration = [10]`), or nullopt with `why` set.
std::optional<std::string> canonical_duration_seconds(std::int64_t seconds, std::string& why);

}  // namespace rb::config
