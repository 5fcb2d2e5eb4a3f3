#include "stats/change_points.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "stats/summary.h"

namespace rb::stats {
namespace {

double pairs(std::size_t n) {
  return static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
}

// Draws from [0, n) by rejection, so the permutations are the same with every standard
// library (std::uniform_int_distribution's algorithm is not specified).
std::size_t draw_below(std::mt19937_64& engine, std::size_t n) {
  const std::uint64_t bound = static_cast<std::uint64_t>(n);
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % bound;
  std::uint64_t x = engine();
  while (x >= limit) x = engine();
  return static_cast<std::size_t>(x % bound);
}

void shuffle(std::vector<double>& values, std::mt19937_64& engine) {
  for (std::size_t i = values.size(); i > 1; --i)
    std::swap(values[i - 1], values[draw_below(engine, i)]);
}

// The segment [begin, end) of the series: its best split, and the permutation test of it.
struct Split {
  std::size_t index = 0;  // absolute index into the series
  double q = 0;
  double p_value = 1;
};

Split test_segment(std::span<const double> series, std::size_t begin, std::size_t end,
                   const ChangePointOptions& options) {
  const auto segment = series.subspan(begin, end - begin);
  const BestSplit best = best_split(segment, options.min_segment);
  if (best.index == 0 || !(best.q > 0)) return {};
  // Each segment gets its own stream, derived from where it lies, so a segment's p-value
  // does not depend on the order the recursion visits the segments in.
  std::mt19937_64 engine(options.seed ^
                         (static_cast<std::uint64_t>(begin) * 0x9e3779b97f4a7c15ULL) ^
                         (static_cast<std::uint64_t>(end) << 32));
  std::vector<double> shuffled(segment.begin(), segment.end());
  int reaching = 0;
  for (int i = 0; i < options.permutations; ++i) {
    shuffle(shuffled, engine);
    // A tiny tolerance: a permutation that reproduces the observed order (ties, rounding)
    // reaches the observed Q and must count as doing so.
    if (best_split(shuffled, options.min_segment).q >= best.q * (1 - 1e-12)) ++reaching;
  }
  Split out;
  out.index = begin + best.index;
  out.q = best.q;
  out.p_value = (1.0 + reaching) / (1.0 + options.permutations);
  return out;
}

// Bisection: the best split of [begin, end) if significant, then each side again.
void search(std::span<const double> series, std::size_t begin, std::size_t end,
            const ChangePointOptions& options, std::vector<Split>& found) {
  if (end - begin < 2 * options.min_segment) return;
  const Split split = test_segment(series, begin, end, options);
  if (split.index == 0 || !(split.p_value < options.alpha)) return;
  found.push_back(split);
  search(series, begin, split.index, options, found);
  search(series, split.index, end, options, found);
}

}  // namespace

BestSplit best_split(std::span<const double> segment, std::size_t min_segment) {
  const std::size_t n = segment.size();
  min_segment = std::max<std::size_t>(min_segment, 1);
  BestSplit best;
  if (n < 2 * min_segment) return best;
  // Sums of |x_i - x_j| over the pairs inside the left part, inside the right part and
  // across, updated as the split moves right one point at a time: O(n) per step, O(n^2)
  // for all splits.
  double within_left = 0;
  double within_right = 0;
  double across = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) within_right += std::abs(segment[i] - segment[j]);
  for (std::size_t t = 1; t + min_segment <= n; ++t) {
    // Point t-1 moves from the right part to the left part.
    const double x = segment[t - 1];
    double to_left = 0;
    double to_right = 0;
    for (std::size_t i = 0; i + 1 < t; ++i) to_left += std::abs(segment[i] - x);
    for (std::size_t j = t; j < n; ++j) to_right += std::abs(segment[j] - x);
    within_left += to_left;
    within_right -= to_right;
    across += to_right - to_left;
    if (t < min_segment) continue;
    const auto m = static_cast<double>(t);
    const auto k = static_cast<double>(n - t);
    double energy = 2.0 * across / (m * k);
    if (t > 1) energy -= within_left / pairs(t);
    if (n - t > 1) energy -= within_right / pairs(n - t);
    const double q = m * k / (m + k) * energy;
    if (q > best.q) best = {t, q};
  }
  return best;
}

std::vector<ChangePoint> find_change_points(std::span<const double> series,
                                            const ChangePointOptions& options) {
  std::vector<Split> found;
  search(series, 0, series.size(), options, found);
  std::sort(found.begin(), found.end(),
            [](const Split& a, const Split& b) { return a.index < b.index; });
  std::vector<ChangePoint> out;
  for (std::size_t i = 0; i < found.size(); ++i) {
    const std::size_t from = i == 0 ? 0 : found[i - 1].index;
    const std::size_t to = i + 1 == found.size() ? series.size() : found[i + 1].index;
    ChangePoint cp;
    cp.index = found[i].index;
    cp.before = median_of(series.subspan(from, cp.index - from));
    cp.after = median_of(series.subspan(cp.index, to - cp.index));
    cp.relative_change = cp.before != 0 ? cp.after / cp.before - 1 : std::nan("");
    cp.p_value = found[i].p_value;
    cp.q = found[i].q;
    out.push_back(cp);
  }
  return out;
}

}  // namespace rb::stats
