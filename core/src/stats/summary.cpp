#include "stats/summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

#include "stats/resample.h"

namespace rb::stats {

namespace {

// The median of a resample depends only on how often each rank of the sorted data was
// drawn, so counting the draws and walking the counts finds it in O(n) without reordering.
double resample_median(std::span<const double> sorted, std::vector<std::uint32_t>& counts,
                       std::mt19937_64& engine) {
  const std::size_t n = sorted.size();
  std::fill(counts.begin(), counts.end(), 0);
  for (std::size_t i = 0; i < n; ++i) ++counts[draw_index(engine, n)];
  const std::size_t lower_rank = (n - 1) / 2;  // 0-based order statistics around the middle
  const std::size_t upper_rank = n / 2;
  double lower = 0;
  std::size_t seen = 0;
  for (std::size_t value = 0; value < n; ++value) {
    const std::size_t before = seen;
    seen += counts[value];
    if (before <= lower_rank && lower_rank < seen) lower = sorted[value];
    if (before <= upper_rank && upper_rank < seen) return lower + (sorted[value] - lower) / 2;
  }
  return lower;  // unreachable: the counts sum to n
}

Interval bootstrap_median_ci(std::span<const double> sorted, std::uint64_t seed, int resamples,
                             double ci_level) {
  std::mt19937_64 engine(seed);
  std::vector<std::uint32_t> counts(sorted.size());
  std::vector<double> medians(static_cast<std::size_t>(resamples));
  for (double& median : medians) median = resample_median(sorted, counts, engine);
  std::sort(medians.begin(), medians.end());
  const double tail = (1 - ci_level) / 2;
  return {quantile_sorted(medians, tail), quantile_sorted(medians, 1 - tail)};
}

}  // namespace

double quantile_sorted(std::span<const double> sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("quantile of an empty sample");
  const double position = std::clamp(p, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

Summary summarize(std::span<const double> samples, std::uint64_t seed, int resamples,
                  double ci_level) {
  Summary s;
  s.ci_level = ci_level;
  s.n = samples.size();
  if (s.n == 0) return s;

  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  s.min = sorted.front();
  s.max = sorted.back();
  s.median = quantile_sorted(sorted, 0.5);
  s.q1 = quantile_sorted(sorted, 0.25);
  s.q3 = quantile_sorted(sorted, 0.75);

  const double count = static_cast<double>(s.n);
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / count;
  if (s.n > 1) {
    double squares = 0;
    for (double x : samples) squares += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(squares / (count - 1));
  }
  s.cv = s.mean == 0 ? 0 : s.stddev / s.mean;

  const double iqr = s.q3 - s.q1;
  s.fence_low = s.q1 - 1.5 * iqr;
  s.fence_high = s.q3 + 1.5 * iqr;
  for (std::size_t i = 0; i < s.n; ++i)
    if (samples[i] < s.fence_low || samples[i] > s.fence_high) s.outliers.push_back(i);

  // With one sample, or no resamples asked for, there is no spread to resample.
  if (s.n == 1 || resamples < 1) {
    s.ci_low = s.ci_high = s.median;
  } else {
    const Interval ci = bootstrap_median_ci(sorted, seed, resamples, ci_level);
    s.ci_low = ci.low;
    s.ci_high = ci.high;
  }
  return s;
}

Summary summarize_rounds(const RoundSamples& rounds, const std::optional<RoundCosts>& costs,
                         double ci_level) {
  const std::vector<double> all = pooled(rounds);
  const std::size_t replicates = count_rounds(rounds);
  // One round: the ordinary bootstrap is all there is (and gives what summaries always gave).
  Summary s = summarize(all, kDefaultSeed, replicates > 1 ? 0 : kDefaultResamples, ci_level);
  if (s.n == 0) return s;
  s.rounds = replicates;
  s.components = variance_components(rounds);
  if (replicates <= 1) {
    s.ci_method = "within-round";
    return s;
  }
  s.ci_method = "two-level";
  const Interval ci = two_level_median_ci(rounds, ci_level);
  s.ci_low = ci.low;
  s.ci_high = ci.high;
  s.plan = plan_precision(*s.components, s.mean, costs);
  return s;
}

}  // namespace rb::stats
