#include "stats/summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace rb::stats {

double quantile_sorted(std::span<const double> sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("quantile of an empty sample");
  const double position = std::clamp(p, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

double mean_of(std::span<const double> values) {
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double median_of(std::span<const double> values) {
  if (values.empty()) return 0;
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return quantile_sorted(sorted, 0.5);
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
    const Interval ci = flat_median_ci(sorted, ci_level, seed, resamples);
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
