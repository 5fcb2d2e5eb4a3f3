// "Did you mean ...?" for misspelt keys, axes, workloads and plugins.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rb::config {

// The candidate with the smallest Levenshtein distance to word (the first one on a tie), or
// "" when even that one is too far to be a plausible typo: distance > max(2, len(word) / 3).
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

// "; did you mean 'x'?" when nearest() finds something, otherwise "; expected one of: a, b"
// (or "" when there are no candidates at all).
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);

// "a, b, c"
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");

}  // namespace rb::config
