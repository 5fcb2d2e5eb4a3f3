// The Mann-Whitney U test (Wilcoxon rank-sum): do two sets of samples come from the same
// distribution? Distribution-free, so a few slow outliers on a noisy machine do not decide
// the answer the way they would in a t-test. Google Benchmark's compare.py uses the same test.
#pragma once

#include <span>

namespace rb::compare {

struct MannWhitney {
  double u = 0;        // U of the first sample: pairs (a, b) with a > b, ties counted half
  double p_value = 1;  // two-sided
  bool exact = false;  // from the exact distribution of U (small samples, no ties)
};

// Exact p-value when there are no ties and both samples are small enough for the exact
// distribution to be counted; otherwise the normal approximation with the tie correction of
// the variance and a continuity correction. Either sample empty gives p = 1.
MannWhitney mann_whitney_u(std::span<const double> a, std::span<const double> b);

// The largest n1 + n2 for which the exact distribution is used.
inline constexpr int kMannWhitneyExactLimit = 40;

}  // namespace rb::compare
