#include "stats/bootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "stats/resample.h"
#include "stats/summary.h"

namespace rb::stats {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

RoundSamples non_empty(const RoundSamples& rounds) {
  RoundSamples out;
  for (const auto& round : rounds)
    if (!round.empty()) out.push_back(round);
  return out;
}

double median_in_place(std::vector<double>& values) {
  const std::size_t n = values.size();
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(values.begin(), middle, values.end());
  if (n % 2 == 1) return *middle;
  const double below = *std::max_element(values.begin(), middle);
  return below + (*middle - below) / 2;
}

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

// One two-level replicate: rounds drawn with replacement, then samples inside each.
double resample_two_level(const RoundSamples& rounds, std::vector<double>& buffer,
                          std::mt19937_64& engine) {
  buffer.clear();
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    const auto& round = rounds[draw_index(engine, rounds.size())];
    for (std::size_t i = 0; i < round.size(); ++i)
      buffer.push_back(round[draw_index(engine, round.size())]);
  }
  return median_in_place(buffer);
}

Interval percentile_interval(std::vector<double>& replicates, double tail) {
  if (replicates.empty()) return {kNaN, kNaN};
  std::sort(replicates.begin(), replicates.end());
  return {quantile_sorted(replicates, tail), quantile_sorted(replicates, 1 - tail)};
}

}  // namespace

double expanded_tail(double ci_level, double replicates, double degrees_of_freedom) {
  const double tail = (1 - ci_level) / 2;
  if (replicates < 2 || degrees_of_freedom < 1) return tail;
  const boost::math::students_t t(degrees_of_freedom);
  const double t_quantile = boost::math::quantile(t, 1 - tail);
  const double z = std::sqrt(replicates / (replicates - 1)) * t_quantile;
  return boost::math::cdf(boost::math::normal(), -z);
}

double two_level_tail(double ci_level, std::size_t rounds) {
  const double r = static_cast<double>(rounds);
  return expanded_tail(ci_level, r, r - 1);
}

double two_level_ratio_tail(double ci_level, std::size_t base_rounds, std::size_t next_rounds) {
  const double r = static_cast<double>(std::min(base_rounds, next_rounds));
  const double df = static_cast<double>(base_rounds + next_rounds) - 2;
  return expanded_tail(ci_level, r, df);
}

std::size_t count_rounds(const RoundSamples& rounds) {
  return static_cast<std::size_t>(
      std::count_if(rounds.begin(), rounds.end(), [](const auto& r) { return !r.empty(); }));
}

std::vector<double> pooled(const RoundSamples& rounds) {
  std::vector<double> out;
  for (const auto& round : rounds) out.insert(out.end(), round.begin(), round.end());
  return out;
}

std::vector<double> round_medians(const RoundSamples& rounds) {
  std::vector<double> out;
  for (const auto& round : rounds) {
    if (round.empty()) continue;
    std::vector<double> copy = round;
    out.push_back(median_in_place(copy));
  }
  return out;
}

Interval flat_median_ci(std::span<const double> sorted, double ci_level, std::uint64_t seed,
                        int resamples) {
  std::mt19937_64 engine(seed);
  std::vector<std::uint32_t> counts(sorted.size());
  std::vector<double> medians(static_cast<std::size_t>(resamples));
  for (double& median : medians) median = resample_median(sorted, counts, engine);
  return percentile_interval(medians, (1 - ci_level) / 2);
}

Interval two_level_median_ci(const RoundSamples& rounds, double ci_level, std::uint64_t seed,
                             int resamples) {
  const RoundSamples kept = non_empty(rounds);
  if (kept.empty()) return {kNaN, kNaN};
  std::vector<double> all = pooled(kept);
  if (all.size() == 1 || resamples < 1) {
    const double median = median_in_place(all);
    return {median, median};
  }
  std::mt19937_64 engine(seed);
  std::vector<double> buffer;
  std::vector<double> medians;
  medians.reserve(static_cast<std::size_t>(resamples));
  for (int b = 0; b < resamples; ++b) medians.push_back(resample_two_level(kept, buffer, engine));
  return percentile_interval(medians, two_level_tail(ci_level, kept.size()));
}

Interval two_level_ratio_ci(const RoundSamples& base, const RoundSamples& next, double ci_level,
                            std::uint64_t seed, int resamples) {
  const RoundSamples kept_base = non_empty(base);
  const RoundSamples kept_next = non_empty(next);
  if (kept_base.empty() || kept_next.empty()) return {kNaN, kNaN};
  if (resamples < 1) {
    std::vector<double> b = pooled(kept_base);
    std::vector<double> n = pooled(kept_next);
    const double base_median = median_in_place(b);
    const double ratio = base_median == 0 ? kNaN : median_in_place(n) / base_median;
    return {ratio, ratio};
  }
  std::mt19937_64 engine(seed);
  std::vector<double> buffer;
  std::vector<double> ratios;
  ratios.reserve(static_cast<std::size_t>(resamples));
  for (int i = 0; i < resamples; ++i) {
    const double b = resample_two_level(kept_base, buffer, engine);
    const double n = resample_two_level(kept_next, buffer, engine);
    if (b != 0) ratios.push_back(n / b);
  }
  // The smaller side limits how well the spread is known; the degrees of freedom are pooled.
  return percentile_interval(ratios,
                             two_level_ratio_tail(ci_level, kept_base.size(), kept_next.size()));
}

}  // namespace rb::stats
