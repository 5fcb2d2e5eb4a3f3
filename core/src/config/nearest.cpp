#include "config/nearest.h"

#include <algorithm>
#include <numeric>

#include "config/source_pos.h"

namespace rb::config {
namespace {

std::size_t levenshtein(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table is enough.
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
  const std::string* best = nullptr;
  std::size_t best_distance = limit + 1;
  for (const auto& candidate : candidates) {
    const std::size_t distance = levenshtein(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = &candidate;
    }
  }
  return best != nullptr ? *best : std::string();
}

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  if (candidates.empty()) return {};
  const std::string close = nearest(word, candidates);
  if (!close.empty()) return "; did you mean " + in_quotes(close) + "?";
  return "; expected one of: " + join(candidates);
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

}  // namespace rb::config
