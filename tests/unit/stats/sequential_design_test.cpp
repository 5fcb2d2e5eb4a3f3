// Pocock's nominal levels (issue 30, part 4): the constants of Jennison & Turnbull's table 2.1
// for an overall alpha of 0.05, Bonferroni's share otherwise.
#include <gtest/gtest.h>

#include "stats/sequential_design.h"

namespace rb::stats {
namespace {

TEST(SequentialDesign, PocockLevelsForAnOverallFivePercent) {
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 1), 0.05);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 2), 0.0294);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 3), 0.0221);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 4), 0.0182);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 5), 0.0158);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, kMaxLooks), 0.0182);
}

TEST(SequentialDesign, OtherLevelsAndMoreLooksTakeBonferronisShare) {
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.01, 4), 0.0025);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.05, 10), 0.005);
  EXPECT_DOUBLE_EQ(pocock_nominal_alpha(0.01, 1), 0.01);
}

}  // namespace
}  // namespace rb::stats
