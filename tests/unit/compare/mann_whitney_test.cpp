// Mann-Whitney U against cases worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "compare/mann_whitney.h"

namespace rb::compare {
namespace {

// {1,2,3} vs {4,5,6}: no a exceeds any b, U = 0. Of the C(6,3) = 20 equally likely rank
// sets only one gives U = 0, so P(U <= 0) = 1/20 and the two-sided p is 2/20.
TEST(MannWhitney, SeparatedSmallSamplesUseTheExactDistribution) {
  const std::vector<double> a = {1, 2, 3};
  const std::vector<double> b = {4, 5, 6};
  const MannWhitney r = mann_whitney_u(a, b);
  EXPECT_TRUE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 0);
  EXPECT_DOUBLE_EQ(r.p_value, 0.1);
}

// {1,2,4} vs {3,5,6}: ranks of a are 1, 2, 4, so R = 7 and U = 7 - 3*4/2 = 1. Rank sets with
// U <= 1: {1,2,3} and {1,2,4}: P = 2/20, p = 0.2.
TEST(MannWhitney, OneInversionDoublesTheTail) {
  const std::vector<double> a = {1, 2, 4};
  const std::vector<double> b = {3, 5, 6};
  const MannWhitney r = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(r.u, 1);
  EXPECT_DOUBLE_EQ(r.p_value, 0.2);
}

TEST(MannWhitney, SwappingTheSamplesMirrorsU) {
  const std::vector<double> a = {1, 2, 4};
  const std::vector<double> b = {3, 5, 6};
  const MannWhitney r = mann_whitney_u(b, a);
  EXPECT_DOUBLE_EQ(r.u, 8);  // n1 * n2 - 1
  EXPECT_DOUBLE_EQ(r.p_value, 0.2);
}

// Five against five, fully separated: 1 of C(10,5) = 252 arrangements, p = 2/252.
TEST(MannWhitney, ExactTailForFiveAgainstFive) {
  const std::vector<double> a = {10, 11, 12, 13, 14};
  const std::vector<double> b = {1, 2, 3, 4, 5};
  EXPECT_NEAR(mann_whitney_u(a, b).p_value, 2.0 / 252, 1e-12);
}

// {1,2,3,3} vs {3,4,5,6}: the three 3s share rank 4, so R = 1 + 2 + 4 + 4 = 11 and
// U = 11 - 10 = 1. With ties the normal approximation applies: mean 8, variance
// 16/12 * (9 - (27 - 3) / 56) = 11.4286, z = (|1 - 8| - 0.5) / 3.3806 = 1.92273,
// p = erfc(z / sqrt 2) = 0.0545145.
TEST(MannWhitney, TiesUseTheCorrectedNormalApproximation) {
  const std::vector<double> a = {1, 2, 3, 3};
  const std::vector<double> b = {3, 4, 5, 6};
  const MannWhitney r = mann_whitney_u(a, b);
  EXPECT_FALSE(r.exact);
  EXPECT_DOUBLE_EQ(r.u, 1);
  EXPECT_NEAR(r.p_value, 0.0545145, 1e-6);
}

TEST(MannWhitney, IdenticalConstantSamplesGiveNoEvidence) {
  const std::vector<double> a(10, 5.0);
  EXPECT_DOUBLE_EQ(mann_whitney_u(a, a).p_value, 1);
}

TEST(MannWhitney, LargeShiftedSamplesAreSignificant) {
  std::vector<double> a, b;
  for (int i = 0; i < 30; ++i) {
    a.push_back(100 + i * 0.1);
    b.push_back(120 + i * 0.1);
  }
  const MannWhitney r = mann_whitney_u(a, b);
  EXPECT_FALSE(r.exact);  // 60 values: beyond the exact limit
  EXPECT_LT(r.p_value, 1e-9);
}

TEST(MannWhitney, EmptySampleGivesPOne) {
  const std::vector<double> a = {1, 2};
  EXPECT_DOUBLE_EQ(mann_whitney_u(a, {}).p_value, 1);
}

}  // namespace
}  // namespace rb::compare
