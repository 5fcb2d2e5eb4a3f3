#include "text/did_you_mean.h"

#include <algorithm>
#include <numeric>

namespace rb::text {

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

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  const std::size_t allowed = std::max<std::size_t>(2, word.size() / 3);
  const std::string* best = nullptr;
  std::size_t best_distance = 0;
  for (const auto& candidate : candidates) {
    if (candidate.empty()) continue;
    const std::size_t distance = edit_distance(word, candidate);
    // "epoll" for "raw-epoll": too many edits, but plainly the same name.
    const bool contains = !word.empty() && (candidate.find(word) != std::string::npos ||
                                            word.find(candidate) != std::string_view::npos);
    if (distance > allowed && !contains) continue;
    if (best == nullptr || distance < best_distance) {
      best = &candidate;
      best_distance = distance;
    }
  }
  return best != nullptr ? *best : std::string();
}

}  // namespace rb::text
