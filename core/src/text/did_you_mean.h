// "Did you mean ...?": the one rule for guessing what a mistyped name (a config key, axis,
// workload, plugin) was meant to be.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rb::text {

// Edit distance counting insertions, deletions, substitutions and adjacent transpositions
// (optimal string alignment): "mudou" is one typo away from "muduo".
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to word (the first one on a tie), or "" when none is a plausible
// typo: within max(2, len(word) / 3) edits, or containing word or contained in it.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace rb::text
