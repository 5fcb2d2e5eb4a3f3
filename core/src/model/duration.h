// Durations as configs write them and cells carry them: "500ms", "60s", "2m", "1h".
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace rb {

// Longest duration accepted anywhere in a config; also keeps the arithmetic far from overflow.
inline constexpr std::chrono::milliseconds max_duration = std::chrono::hours(24 * 7);

// Digits followed by one of the units ms, s, m, h (no sign, no spaces, no fraction).
// On failure returns nullopt and sets `why` to a message fragment.
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text, std::string& why);

// The value of a valid duration string (such as a duration axis's canonical value in a
// cell); throws std::invalid_argument.
std::chrono::milliseconds duration_value(std::string_view text);

}  // namespace rb
