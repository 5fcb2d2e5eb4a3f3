// RFC 4180 fields and rows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb::report {

// Quoted (with inner quotes doubled) only when it holds a comma, quote, CR, LF, or leading
// or trailing blanks that a reader might trim.
std::string csv_field(std::string_view text);

// The fields joined by commas, ending in "\n".
std::string csv_row(const std::vector<std::string>& fields);

}  // namespace rb::report
