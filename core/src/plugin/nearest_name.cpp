#include "plugin/nearest_name.h"

#include <algorithm>
#include <numeric>

namespace rb::plugin {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: the one before the previous is needed for transpositions.
  std::vector<std::size_t> before(b.size() + 1);
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> current(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        current[j] = std::min(current[j], before[j - 2] + 1);
      }
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> nearest_name(std::string_view wanted,
                                        const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const auto& candidate : candidates) {
    if (candidate.empty()) continue;
    const std::size_t distance = edit_distance(wanted, candidate);
    const std::size_t allowed =
        std::max<std::size_t>(1, std::max(wanted.size(), candidate.size()) / 3);
    const bool contains = !wanted.empty() && (candidate.find(wanted) != std::string::npos ||
                                              wanted.find(candidate) != std::string_view::npos);
    if (distance > allowed && !contains) continue;
    if (!best || distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace rb::plugin
