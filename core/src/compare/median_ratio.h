// How much did a metric change: the ratio of two medians (new / base) with a percentile
// bootstrap confidence interval, each side resampled on its own, as criterion.rs does.
#pragma once

#include <cstdint>
#include <span>

namespace rb::compare {

struct RatioEstimate {
  double ratio = 0;  // median(next) / median(base); NaN when median(base) is 0
  double ci_low = 0;
  double ci_high = 0;
  double ci_level = 0.95;
};

inline constexpr std::uint64_t kRatioSeed = 0x5eed'2026'0000'0007ULL;
inline constexpr int kRatioResamples = 10000;

// Both samples must be non-empty (std::invalid_argument otherwise). A resample whose base
// median is 0 is dropped; if all are, the interval is NaN. Same seed, same interval.
RatioEstimate bootstrap_median_ratio(std::span<const double> base, std::span<const double> next,
                                     std::uint64_t seed = kRatioSeed,
                                     int resamples = kRatioResamples, double ci_level = 0.95);

}  // namespace rb::compare
