// The history charts' value axis: nice ticks a person reads values off, from 0 up for a
// quantity that cannot be negative (the old charts showed a negative minimum for times).
#include "html/chart_axes.h"

#include <gtest/gtest.h>

namespace rb::html {
namespace {

TEST(ChartAxes, NiceSteps) {
  EXPECT_DOUBLE_EQ(nice_step(100, 4), 25);
  EXPECT_DOUBLE_EQ(nice_step(0.9, 4), 0.25);
  EXPECT_DOUBLE_EQ(nice_step(7, 4), 2);
  EXPECT_DOUBLE_EQ(nice_step(30, 4), 10);
}

TEST(ChartAxes, TicksCoverTheValuesOnRoundNumbers) {
  const ValueAxis axis = value_axis(42.3, 57.1, true);
  EXPECT_EQ(axis.ticks, (std::vector<double>{40, 45, 50, 55, 60}));
  EXPECT_DOUBLE_EQ(axis.low, 40);
  EXPECT_DOUBLE_EQ(axis.high, 60);
}

TEST(ChartAxes, ATimeNearZeroNeverGetsANegativeMinimum) {
  const ValueAxis axis = value_axis(0.01, 3.0, true);
  EXPECT_DOUBLE_EQ(axis.low, 0);
  EXPECT_DOUBLE_EQ(axis.ticks.front(), 0);
  EXPECT_GE(axis.high, 3.0);
  EXPECT_GE(axis.ticks.size(), 3u);
  EXPECT_LE(axis.ticks.size(), 7u);
}

TEST(ChartAxes, AFlatSeriesStillGetsHeight) {
  const ValueAxis axis = value_axis(100, 100, true);
  EXPECT_LT(axis.low, 100);
  EXPECT_GT(axis.high, 100);
}

}  // namespace
}  // namespace rb::html
