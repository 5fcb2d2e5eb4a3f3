// How a config error offers the right name: text::nearest's guess, else the choices.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb::config {

// "; did you mean 'x'?" when text::nearest finds something, otherwise "; expected one of:
// a, b" (or "" when there are no candidates at all).
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);

// "a, b, c"
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");

}  // namespace rb::config
