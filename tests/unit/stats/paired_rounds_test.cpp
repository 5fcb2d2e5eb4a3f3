// Paired rounds (issue 30, part 1): exact p-values and estimates on constructed pairs, checked
// against values worked out by hand (the t-test's from the t distribution's closed form at
// 2 degrees of freedom and by numerical integration of its density at 5), and the
// property the pairing is for: a drift common to both sides does not move the verdict.
#include "stats/paired_rounds.h"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace rb::stats {
namespace {

TEST(PairedRounds, SignFlipIsExactAndHasItsFloor) {
  // All 2^n patterns: only all-plus and all-minus reach |sum| = the observed sum.
  EXPECT_DOUBLE_EQ(sign_flip_p({0.1, 0.2, 0.3}), 2.0 / 8);
  EXPECT_DOUBLE_EQ(sign_flip_p({0.1, 0.2, 0.3, 0.4, 0.5, 0.6}), 2.0 / 64);
  // {1, 2, -3}: sums of the 8 patterns are +-0, +-2, +-4, +-6; |sum| >= 0 for all 8.
  EXPECT_DOUBLE_EQ(sign_flip_p({1, 2, -3}), 1.0);
  // {3, 1, 1}: observed 5; patterns reaching |sum| >= 5: (+,+,+) = 5, (+,+,-) = 3 no,
  // (+,-,+) = 3 no, (+,-,-) = 1 no, and their mirrors: 2 of 8.
  EXPECT_DOUBLE_EQ(sign_flip_p({3, 1, 1}), 2.0 / 8);
  EXPECT_DOUBLE_EQ(sign_flip_p({}), 1.0);
}

TEST(PairedRounds, SignFlipBeyondTwentyPairsIsSampledAndClose) {
  std::vector<double> values(24, 0.01);
  values[0] = -0.01;
  values[1] = -0.01;
  values[2] = -0.01;  // sum = 18 * 0.01: P(|sum| >= 18) = P(k flips <= 3 or >= 21)
  // Exact: 2 * sum_{k=0..3} C(24, k) / 2^24 = 2 * 2325 / 16777216.
  EXPECT_NEAR(sign_flip_p(values), 2.0 * 2325 / 16777216, 2e-4);
}

TEST(PairedRounds, TTestMatchesTheTextbookValue) {
  // t = 2 / (1 / sqrt 3) = sqrt 12; at 2 df the two-sided p is 1 - t / sqrt(2 + t^2).
  EXPECT_NEAR(one_sample_t_p({1, 2, 3}), 1 - std::sqrt(12.0) / std::sqrt(14.0), 1e-12);
  // t = sqrt 7 = 2.6458 at 5 df: Simpson's rule over the density, 2 * 0.0228295619.
  EXPECT_NEAR(one_sample_t_p({0.05, -0.01, 0.02, 0.04, 0.03, 0.01}), 0.04565912378895832, 1e-9);
  EXPECT_DOUBLE_EQ(one_sample_t_p({0.5}), 1.0);
  EXPECT_DOUBLE_EQ(one_sample_t_p({0.25, 0.25, 0.25}), 0.0);  // exact in binary: no spread
  EXPECT_DOUBLE_EQ(one_sample_t_p({0, 0, 0}), 1.0);
}

TEST(PairedRounds, HodgesLehmannIsTheMedianOfWalshAverages) {
  // Walsh averages of {1, 2, 3}: 1, 1.5, 2, 2, 2.5, 3.
  EXPECT_DOUBLE_EQ(hodges_lehmann({1, 2, 3}), 2.0);
  // {0, 0, 10}: 0, 0, 5, 0, 5, 10 -> sorted 0 0 0 5 5 10, median 2.5. One outlier moves it
  // half as far as it moves the mean (3.33).
  EXPECT_DOUBLE_EQ(hodges_lehmann({0, 0, 10}), 2.5);
  EXPECT_TRUE(std::isnan(hodges_lehmann({})));
}

TEST(PairedRounds, LogRatiosPairRoundMediansAndSkipEmptyOrNonPositiveRounds) {
  const RoundSamples base = {{1, 2, 3}, {}, {4, 4, 4}, {0, 0, 0}};
  const RoundSamples next = {{2, 4, 6}, {5}, {2, 2, 2}, {1, 1, 1}};
  const std::vector<double> logs = paired_log_ratios(base, next);
  ASSERT_EQ(logs.size(), 2u);
  EXPECT_DOUBLE_EQ(logs[0], std::log(2.0));
  EXPECT_DOUBLE_EQ(logs[1], std::log(0.5));
}

TEST(PairedRounds, PearsonOfPerfectlyAndUnrelatedPairs) {
  EXPECT_DOUBLE_EQ(pearson({1, 2, 3, 4}, {2, 4, 6, 8}), 1.0);
  EXPECT_DOUBLE_EQ(pearson({1, 2, 3, 4}, {8, 6, 4, 2}), -1.0);
  EXPECT_TRUE(std::isnan(pearson({1, 1, 1}, {1, 2, 3})));
  EXPECT_TRUE(std::isnan(pearson({1, 2}, {1, 2})));
}

// Six rounds whose level drifts by up to +-20% together on both sides (the machine), with
// the new side 10% slower and 1% noise of its own: the pairs see the 10%, the unpaired
// spread of either side is the drift's.
TEST(PairedRounds, ADriftCommonToBothSidesDoesNotMoveThePairedRatio) {
  const std::vector<double> drift = {1.0, 1.2, 0.85, 1.1, 0.8, 1.15};
  std::mt19937_64 engine(7);
  std::normal_distribution<double> noise(0, 0.01);
  RoundSamples base(drift.size());
  RoundSamples next(drift.size());
  for (std::size_t r = 0; r < drift.size(); ++r)
    for (int i = 0; i < 5; ++i) {
      base[r].push_back(100 * drift[r] * (1 + noise(engine)));
      next[r].push_back(110 * drift[r] * (1 + noise(engine)));
    }
  const PairedRatio paired = paired_ratio(base, next);
  EXPECT_EQ(paired.pairs, 6u);
  EXPECT_NEAR(paired.ratio, 1.10, 0.01);
  EXPECT_GT(paired.ci.low, 1.07);
  EXPECT_LT(paired.ci.high, 1.13);
  EXPECT_LT(paired.p_t, 0.001);
  EXPECT_DOUBLE_EQ(paired.p_sign_flip, 2.0 / 64);
  EXPECT_GT(paired.correlation, 0.95);

  // The same data unpaired: the drift is in the interval.
  const Interval unpaired = two_level_ratio_ci(base, next);
  EXPECT_LT(unpaired.low, 1.0);
  EXPECT_GT(unpaired.high, 1.2);
}

TEST(PairedRounds, NoPairsGiveNoEstimate) {
  const PairedRatio paired = paired_ratio({{1.0}}, {{}});
  EXPECT_EQ(paired.pairs, 0u);
  EXPECT_TRUE(std::isnan(paired.ratio));
  EXPECT_TRUE(std::isnan(paired.ci.low));
}

}  // namespace
}  // namespace rb::stats
