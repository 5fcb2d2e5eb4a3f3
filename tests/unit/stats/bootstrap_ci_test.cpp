// The bootstrap CI of the median: bounds, reproducibility and coverage.
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "../../support/normal_samples.h"
#include "stats/summary.h"

namespace rb::stats {
namespace {

using rbtest::normal_samples;

TEST(BootstrapCi, ContainsTheMedianWithinTheRange) {
  const std::vector<double> v = normal_samples(1, 100, 50, 5);
  const Summary s = summarize(v);
  EXPECT_LT(s.ci_low, s.median);
  EXPECT_GT(s.ci_high, s.median);
  EXPECT_GE(s.ci_low, s.min);
  EXPECT_LE(s.ci_high, s.max);
}

TEST(BootstrapCi, SameSeedGivesIdenticalInterval) {
  const std::vector<double> v = normal_samples(2, 24, 100, 10);
  const Summary a = summarize(v, 1234);
  const Summary b = summarize(v, 1234);
  EXPECT_EQ(a.ci_low, b.ci_low);
  EXPECT_EQ(a.ci_high, b.ci_high);
}

TEST(BootstrapCi, DefaultSeedIsTheFixedOne) {
  const std::vector<double> v = normal_samples(3, 24, 100, 10);
  const Summary a = summarize(v);
  const Summary b = summarize(v, kDefaultSeed);
  EXPECT_EQ(a.ci_low, b.ci_low);
  EXPECT_EQ(a.ci_high, b.ci_high);
}

// Pins the resampling scheme: a change here means old summaries no longer reproduce.
TEST(BootstrapCi, DefaultSeedGivesThePublishedInterval) {
  const std::vector<double> v = {12, 15, 11, 19, 14, 13, 30, 16, 12, 17, 14, 15};
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.ci_low, 12.5);
  EXPECT_DOUBLE_EQ(s.ci_high, 16.5);
}

TEST(BootstrapCi, AnotherSeedGivesAnotherInterval) {
  // Percentile bounds snap to (means of) data points, so two seeds often agree; these do not.
  const std::vector<double> v = normal_samples(4, 100, 100, 10);
  const Summary a = summarize(v, 1, 1000);
  const Summary b = summarize(v, 2, 1000);
  EXPECT_TRUE(a.ci_low != b.ci_low || a.ci_high != b.ci_high);
}

TEST(BootstrapCi, NarrowerLevelGivesNarrowerInterval) {
  const std::vector<double> v = normal_samples(5, 100, 0, 1);
  const Summary wide = summarize(v, kDefaultSeed, kDefaultResamples, 0.99);
  const Summary narrow = summarize(v, kDefaultSeed, kDefaultResamples, 0.5);
  EXPECT_LT(wide.ci_low, narrow.ci_low);
  EXPECT_GT(wide.ci_high, narrow.ci_high);
}

TEST(BootstrapCi, NoResamplesCollapsesOntoTheMedian) {
  const Summary s = summarize(std::vector<double>{1, 2, 3, 4}, kDefaultSeed, 0);
  EXPECT_DOUBLE_EQ(s.ci_low, 2.5);
  EXPECT_DOUBLE_EQ(s.ci_high, 2.5);
}

TEST(BootstrapCi, CoversTheTrueMedianAboutNinetyFivePercentOfTheTime) {
  constexpr int kTrials = 400;
  constexpr double kTrueMedian = 10;
  int covered = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const std::vector<double> v = normal_samples(1000 + trial, 41, kTrueMedian, 2);
    const Summary s = summarize(v, kDefaultSeed + trial, 1000);
    if (s.ci_low <= kTrueMedian && kTrueMedian <= s.ci_high) ++covered;
  }
  rbtest::expect_coverage(covered, kTrials);
}

}  // namespace
}  // namespace rb::stats
