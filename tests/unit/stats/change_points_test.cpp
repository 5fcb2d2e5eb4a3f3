// E-Divisive means on synthetic series: steps where they were put, none in noise.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "stats/change_points.h"

namespace {

using rb::stats::ChangePointOptions;
using rb::stats::find_change_points;

// `levels` as (length, level) pieces, each point level x (1 + noise x N(0, 1)).
std::vector<double> series(const std::vector<std::pair<int, double>>& levels, double noise,
                           std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> unit(0, 1);
  std::vector<double> out;
  for (const auto& [length, level] : levels)
    for (int i = 0; i < length; ++i) out.push_back(level * (1 + noise * unit(engine)));
  return out;
}

TEST(ChangePoints, OneStepIsFoundWhereItIs) {
  const auto y = series({{12, 100}, {10, 130}}, 0.03, 7);
  const auto found = find_change_points(y);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].index, 12u);
  EXPECT_NEAR(found[0].before, 100, 5);
  EXPECT_NEAR(found[0].after, 130, 6);
  EXPECT_NEAR(found[0].relative_change, 0.30, 0.08);
  EXPECT_LT(found[0].p_value, 0.01);
}

TEST(ChangePoints, TwoStepsAreBothFound) {
  const auto y = series({{10, 100}, {10, 140}, {10, 90}}, 0.03, 11);
  const auto found = find_change_points(y);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].index, 10u);
  EXPECT_EQ(found[1].index, 20u);
  // Each level is the median of the segment between neighbouring change points.
  EXPECT_NEAR(found[0].after, 140, 6);
  EXPECT_NEAR(found[1].before, 140, 6);
  EXPECT_NEAR(found[1].after, 90, 5);
  EXPECT_LT(found[1].relative_change, 0);
}

TEST(ChangePoints, PureNoiseRarelyHasOne) {
  int with_change = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed)
    if (!find_change_points(series({{30, 100}}, 0.05, seed)).empty()) ++with_change;
  // alpha = 0.01: about 2 of 200 expected; at most 10 (95% without any) is the bound.
  RecordProperty("series_with_a_change_point", with_change);
  EXPECT_LE(with_change, 10);
}

TEST(ChangePoints, ConstantSeriesHasNone) {
  const std::vector<double> y(20, 42.0);
  EXPECT_TRUE(find_change_points(y).empty());
}

TEST(ChangePoints, TooShortForTwoSegmentsHasNone) {
  ChangePointOptions options;
  options.min_segment = 3;
  const std::vector<double> y = {1, 1, 1, 100, 100};  // 5 < 2 x 3
  EXPECT_TRUE(find_change_points(y, options).empty());
  EXPECT_TRUE(find_change_points(std::vector<double>{}, options).empty());
  EXPECT_TRUE(find_change_points(std::vector<double>{3.0}, options).empty());
}

TEST(ChangePoints, SameSeriesSameAnswer) {
  const auto y = series({{8, 100}, {8, 112}}, 0.04, 3);
  const auto a = find_change_points(y);
  const auto b = find_change_points(y);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].p_value, b[i].p_value);
}

TEST(ChangePoints, BestSplitOfAStepIsTheStep) {
  const std::vector<double> y = {1, 1, 1, 1, 5, 5, 5};
  const auto best = rb::stats::best_split(y, 2);
  EXPECT_EQ(best.index, 4u);
  // Left and right each constant: E = 2 x 4 = 8, Q = (4 x 3 / 7) x 8.
  EXPECT_NEAR(best.q, 12.0 / 7.0 * 8.0, 1e-9);
}

}  // namespace
