#include "stats/summary.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace rb::stats {
namespace {

TEST(Summary, OneToNineHasTextbookQuartiles) {
  const std::vector<double> v = {9, 1, 8, 2, 7, 3, 6, 4, 5};
  const Summary s = summarize(v);
  EXPECT_EQ(s.n, 9u);
  EXPECT_DOUBLE_EQ(s.median, 5);
  EXPECT_DOUBLE_EQ(s.q1, 3);
  EXPECT_DOUBLE_EQ(s.q3, 7);
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 9);
  EXPECT_DOUBLE_EQ(s.fence_low, 3 - 1.5 * 4);
  EXPECT_DOUBLE_EQ(s.fence_high, 7 + 1.5 * 4);
  EXPECT_TRUE(s.outliers.empty());
}

TEST(Summary, SampleStandardDeviationMatchesHandValue) {
  // Sum of squared deviations from the mean 5 is 32; divided by n - 1 = 7.
  const std::vector<double> v = {2, 4, 4, 4, 5, 5, 7, 9};
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.mean, 5);
  EXPECT_NEAR(s.stddev, std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_NEAR(s.cv, std::sqrt(32.0 / 7.0) / 5, 1e-12);
  EXPECT_DOUBLE_EQ(s.median, 4.5);
}

TEST(Summary, FlagsTheClearOutlierByIndex) {
  const std::vector<double> v = {10, 11, 12, 100, 13, 14, 15};
  const Summary s = summarize(v);
  ASSERT_EQ(s.outliers.size(), 1u);
  EXPECT_EQ(s.outliers[0], 3u);
  EXPECT_LT(s.fence_high, 100);
}

TEST(Summary, FlagsOutliersOnBothSidesInAscendingIndexOrder) {
  const std::vector<double> v = {50, 20, 21, 22, 23, 24, 25, 26, -30};
  const Summary s = summarize(v);
  EXPECT_EQ(s.outliers, (std::vector<std::size_t>{0, 8}));
}

TEST(Summary, EmptyInputGivesZeroSummary) {
  const Summary s = summarize(std::vector<double>{});
  EXPECT_EQ(s.n, 0u);
  EXPECT_EQ(s.median, 0);
  EXPECT_EQ(s.mean, 0);
  EXPECT_EQ(s.stddev, 0);
  EXPECT_EQ(s.ci_low, 0);
  EXPECT_EQ(s.ci_high, 0);
  EXPECT_TRUE(s.outliers.empty());
}

TEST(Summary, SingleSampleCollapsesOntoTheValue) {
  const Summary s = summarize(std::vector<double>{42.5});
  EXPECT_EQ(s.n, 1u);
  for (double x :
       {s.median, s.mean, s.min, s.max, s.q1, s.q3, s.ci_low, s.ci_high, s.fence_low, s.fence_high})
    EXPECT_DOUBLE_EQ(x, 42.5);
  EXPECT_EQ(s.stddev, 0);
  EXPECT_EQ(s.cv, 0);
  EXPECT_TRUE(s.outliers.empty());
}

TEST(Summary, TwoSamplesInterpolate) {
  const Summary s = summarize(std::vector<double>{3, 1});
  EXPECT_DOUBLE_EQ(s.median, 2);
  EXPECT_DOUBLE_EQ(s.q1, 1.5);
  EXPECT_DOUBLE_EQ(s.q3, 2.5);
  EXPECT_NEAR(s.stddev, std::sqrt(2.0), 1e-12);
  EXPECT_GE(s.ci_low, 1);
  EXPECT_LE(s.ci_high, 3);
  EXPECT_LE(s.ci_low, s.median);
  EXPECT_GE(s.ci_high, s.median);
  EXPECT_TRUE(s.outliers.empty());
}

TEST(Summary, AllEqualHasNoSpread) {
  const Summary s = summarize(std::vector<double>(20, 7.0));
  EXPECT_DOUBLE_EQ(s.median, 7);
  EXPECT_EQ(s.stddev, 0);
  EXPECT_EQ(s.cv, 0);
  EXPECT_DOUBLE_EQ(s.ci_low, 7);
  EXPECT_DOUBLE_EQ(s.ci_high, 7);
  EXPECT_DOUBLE_EQ(s.fence_low, 7);
  EXPECT_DOUBLE_EQ(s.fence_high, 7);
  EXPECT_TRUE(s.outliers.empty());
}

TEST(Summary, ZeroMeanGivesZeroCv) {
  const Summary s = summarize(std::vector<double>{-1, 1});
  EXPECT_EQ(s.cv, 0);
}

TEST(Summary, KeepsTheRequestedCiLevel) {
  EXPECT_DOUBLE_EQ(summarize(std::vector<double>{1, 2, 3}, kDefaultSeed, 100, 0.9).ci_level, 0.9);
}

TEST(QuantileSorted, InterpolatesLinearlyBetweenOrderStatistics) {
  const std::vector<double> v = {10, 20, 30, 40};
  EXPECT_DOUBLE_EQ(quantile_sorted(v, 0), 10);
  EXPECT_DOUBLE_EQ(quantile_sorted(v, 1), 40);
  EXPECT_DOUBLE_EQ(quantile_sorted(v, 0.5), 25);
  EXPECT_DOUBLE_EQ(quantile_sorted(v, 0.25), 17.5);
  EXPECT_DOUBLE_EQ(quantile_sorted(v, 0.9), 37);
}

TEST(QuantileSorted, RejectsEmptyInput) {
  EXPECT_THROW(quantile_sorted(std::vector<double>{}, 0.5), std::invalid_argument);
}

}  // namespace
}  // namespace rb::stats
