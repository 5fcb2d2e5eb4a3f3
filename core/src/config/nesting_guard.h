// toml++ 3.3 caps nested arrays and inline tables, but not dotted keys: a header such as
// [a.a.a.a....] with tens of thousands of parts makes it recurse until the stack overflows.
// This scan runs before toml++ and rejects such input with a position.
#pragma once

#include <string>
#include <string_view>

namespace rb::config {

// Deepest key path a config may build (header parts + dotted key parts + nested inline
// tables and arrays). A real test matrix needs 3.
inline constexpr int max_nesting_depth = 64;

// Throws ConfigError at the first key part or bracket that goes past max_nesting_depth.
// Never rejects input for any other reason: syntax errors are toml++'s to report.
void check_nesting(std::string_view toml_text, const std::string& source_name);

}  // namespace rb::config
