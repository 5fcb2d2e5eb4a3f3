// The bootstrap CI of a ratio of medians: the point estimate, reproducibility and coverage.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "../../support/normal_samples.h"
#include "compare/median_ratio.h"

namespace rb::compare {
namespace {

std::vector<double> normal(std::uint64_t seed, std::size_t n, double mean, double sd) {
  return rbtest::normal_samples(seed, n, mean, sd);
}

TEST(MedianRatio, PointEstimateIsTheRatioOfMedians) {
  const std::vector<double> base = {10, 11, 12, 13, 14};
  const std::vector<double> next = {15, 16, 18, 19, 21};
  const RatioEstimate r = bootstrap_median_ratio(base, next);
  EXPECT_DOUBLE_EQ(r.ratio, 18.0 / 12.0);
  EXPECT_LE(r.ci_low, r.ratio);
  EXPECT_GE(r.ci_high, r.ratio);
}

TEST(MedianRatio, SameSeedSameInterval) {
  const auto base = normal(1, 20, 100, 5);
  const auto next = normal(2, 20, 110, 5);
  const RatioEstimate a = bootstrap_median_ratio(base, next, 42, 2000);
  const RatioEstimate b = bootstrap_median_ratio(base, next, 42, 2000);
  EXPECT_EQ(a.ci_low, b.ci_low);
  EXPECT_EQ(a.ci_high, b.ci_high);
}

TEST(MedianRatio, ZeroBaseMedianIsUndefined) {
  const std::vector<double> base = {0, 0, 0};
  const std::vector<double> next = {1, 2, 3};
  const RatioEstimate r = bootstrap_median_ratio(base, next, kRatioSeed, 100);
  EXPECT_TRUE(std::isnan(r.ratio));
  EXPECT_TRUE(std::isnan(r.ci_low));
}

TEST(MedianRatio, EmptySampleThrows) {
  const std::vector<double> some = {1};
  EXPECT_THROW(bootstrap_median_ratio({}, some), std::invalid_argument);
}

// Synthetic normal data with a known true ratio of medians (120 / 100): the 95% interval
// should contain it in roughly 95% of trials. The percentile bootstrap of a median is a
// little off at n = 31, hence the tolerance.
TEST(MedianRatio, CoversTheTrueRatioAboutNinetyFivePercentOfTheTime) {
  constexpr int kTrials = 300;
  int covered = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const auto base = normal(5000 + 2 * trial, 31, 100, 10);
    const auto next = normal(5001 + 2 * trial, 31, 120, 12);
    const RatioEstimate r = bootstrap_median_ratio(base, next, kRatioSeed + trial, 1000);
    if (r.ci_low <= 1.2 && 1.2 <= r.ci_high) ++covered;
  }
  rbtest::expect_coverage(covered, kTrials);
}

}  // namespace
}  // namespace rb::compare
