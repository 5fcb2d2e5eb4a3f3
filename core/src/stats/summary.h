// Descriptive statistics of one metric over a cell's measured samples.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "stats/bootstrap.h"
#include "stats/variance_components.h"

namespace rb::stats {

// Fixed so that re-running the maths on the same samples gives the same CI.
inline constexpr std::uint64_t kDefaultSeed = 0x5eed'2026'0000'0001ULL;
inline constexpr int kDefaultResamples = 10000;

struct Summary {
  std::size_t n = 0;
  double median = 0;
  double mean = 0;
  double stddev = 0;  // sample standard deviation (n - 1)
  double cv = 0;      // stddev / mean; 0 when mean is 0
  double min = 0;
  double max = 0;
  double q1 = 0;  // quartiles, linear interpolation (type 7)
  double q3 = 0;
  double ci_level = 0.95;
  double ci_low = 0;  // bootstrap percentile CI of the median
  double ci_high = 0;
  double fence_low = 0;  // Tukey: q1 - 1.5 IQR, q3 + 1.5 IQR
  double fence_high = 0;
  std::vector<std::size_t> outliers;  // indices into the input, ascending
  // What the CI rests on: "two-level" (rounds resampled, then iterations: rounds are the
  // replicates), "within-round" (one round: a within-process interval, a lower bound on the
  // uncertainty that gives no verdict), or "flat" (samples resampled as if independent:
  // summaries written before rounds were replicates).
  std::string ci_method = "flat";
  std::size_t rounds = 0;                        // rounds with samples; 0 = not known (flat)
  std::optional<VarianceComponents> components;  // with rounds known
  std::optional<PrecisionPlan> plan;             // with two rounds or more
};

// n == 0 gives a zero Summary. n == 1: CI and fences collapse onto the value.
Summary summarize(std::span<const double> samples, std::uint64_t seed = kDefaultSeed,
                  int resamples = kDefaultResamples, double ci_level = 0.95);

// The same, over a cell's rounds: descriptive numbers over every sample (outlier indices
// into the rounds' samples in order), the CI from the two-level bootstrap, the variance
// components and the precision plan (with the costs when known).
Summary summarize_rounds(const RoundSamples& rounds, const std::optional<RoundCosts>& costs = {},
                         double ci_level = 0.95);

// Quantile with linear interpolation between order statistics (R type 7) of sorted data.
double quantile_sorted(std::span<const double> sorted, double p);

// The median of unsorted data (a sorted copy's quantile_sorted(0.5)); 0 for no data.
double median_of(std::span<const double> values);

// The arithmetic mean; NaN for no data.
double mean_of(std::span<const double> values);

}  // namespace rb::stats
