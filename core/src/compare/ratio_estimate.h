// How much did a metric change: the ratio of two medians (new / base) with its confidence
// interval, which stats::two_level_ratio_ci resamples (rounds, then samples, on each side).
#pragma once

namespace rb::compare {

struct RatioEstimate {
  double ratio = 0;  // median(next) / median(base); NaN when median(base) is 0
  double ci_low = 0;
  double ci_high = 0;
  double ci_level = 0.95;
};

inline constexpr int kRatioResamples = 10000;

}  // namespace rb::compare
