// "Did you mean ...?" for a mistyped plugin name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rb::plugin {

// Edit distance counting insertions, deletions, substitutions and adjacent transpositions
// (optimal string alignment): "mudou" is one typo away from "muduo".
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to wanted, if it is close enough to be a plausible typo (at most a
// third of the longer name, and at least one edit allowed), or if one contains the other.
std::optional<std::string> nearest_name(std::string_view wanted,
                                        const std::vector<std::string>& candidates);

}  // namespace rb::plugin
