// Change points in a series of run medians: E-Divisive means (Matteson & James 2014), the
// detector MongoDB's performance CI and Hunter (Apache Otava) run over nightly series, as
// docs/methodology.md and VERDICTS.md section 6 describe it. A night-to-night series drifts
// by far more than any one run's CI admits, so a shift in level is judged against the
// series' own scatter (a permutation test), not against the runs' intervals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace rb::stats {

// Fixed, so the same series always gives the same change points (and p-values).
inline constexpr std::uint64_t kChangePointSeed = 0xc4a9'6e00'2026'0005ULL;

struct ChangePointOptions {
  // A split is accepted when its permutation p-value is below alpha. 0.01, not 0.05: every
  // accepted split is searched again on both sides, and a nightly runs this over ~100
  // series, so a false level shift must be rare per series.
  double alpha = 0.01;
  int permutations = 999;       // p can go down to 1 / (permutations + 1)
  std::size_t min_segment = 3;  // runs on each side of a split, at least
  std::uint64_t seed = kChangePointSeed;
};

struct ChangePoint {
  std::size_t index = 0;       // the first point of the new level
  double before = 0;           // median of the segment before (since the previous change point)
  double after = 0;            // median of the segment after (up to the next change point)
  double relative_change = 0;  // after / before - 1 (NaN when before is 0)
  double p_value = 1;
  double q = 0;  // the energy statistic Q of the split
};

// Ascending by index. A series shorter than 2 x min_segment, or a constant one, has none.
std::vector<ChangePoint> find_change_points(std::span<const double> series,
                                            const ChangePointOptions& options = {});

// The best split of a segment and its Q (exposed for the tests). index == 0 when no split
// leaves min_segment points on both sides.
struct BestSplit {
  std::size_t index = 0;
  double q = 0;
};
BestSplit best_split(std::span<const double> segment, std::size_t min_segment);

}  // namespace rb::stats
