// Each round's order of the cells: a seeded shuffle of the plugins within each matrix point,
// reproducible from the seed alone.
#include "exec/round_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace rb::exec {
namespace {

TEST(RoundOrder, TheSameSeedAndRoundGiveTheSameOrder) {
  EXPECT_EQ(round_order(40, 4, 12345, 2), round_order(40, 4, 12345, 2));
}

// Fixed by the algorithm (SplitMix64 + Fisher-Yates), not by the standard library: a seed
// recorded on one machine replays the same order on another.
TEST(RoundOrder, TheOrderIsPinnedDownByTheSeed) {
  // Values computed independently (a Python transcription of the same two algorithms).
  EXPECT_EQ(round_order(6, 3, 7, 0), (std::vector<std::size_t>{2, 1, 0, 3, 4, 5}));
  EXPECT_EQ(round_order(8, 4, 2026, 1), (std::vector<std::size_t>{3, 1, 2, 0, 5, 7, 4, 6}));
}

TEST(RoundOrder, EveryCellRunsOnceAndPointsStayInPlanOrder) {
  const std::size_t per_point = 5;
  const std::size_t cells = 7 * per_point;
  for (int round = 0; round < 20; ++round) {
    const auto order = round_order(cells, per_point, 99, round);
    ASSERT_EQ(order.size(), cells);
    EXPECT_EQ(std::set<std::size_t>(order.begin(), order.end()).size(), cells);
    for (std::size_t pos = 0; pos < cells; ++pos)
      EXPECT_EQ(order[pos] / per_point, pos / per_point) << "a cell left its point";
  }
}

TEST(RoundOrder, RoundsAndSeedsDiffer) {
  std::set<std::vector<std::size_t>> orders;
  for (int round = 0; round < 10; ++round) orders.insert(round_order(24, 4, 1, round));
  EXPECT_GT(orders.size(), 5u);
  EXPECT_NE(round_order(24, 4, 1, 0), round_order(24, 4, 2, 0));
}

// What the shuffle is for: over many rounds each plugin runs first at a point about equally
// often (uniform: 1/4 each of 4000 rounds; far outside 800..1200 would be a biased shuffle).
TEST(RoundOrder, EachPluginGoesFirstAboutEquallyOften) {
  std::map<std::size_t, int> first;
  for (int round = 0; round < 4000; ++round) ++first[round_order(4, 4, 2026, round)[0]];
  ASSERT_EQ(first.size(), 4u);
  for (const auto& [cell, count] : first) {
    EXPECT_GT(count, 800) << "cell " << cell;
    EXPECT_LT(count, 1200) << "cell " << cell;
  }
}

TEST(RoundOrder, OnePluginOrNoCellsKeepPlanOrder) {
  EXPECT_EQ(round_order(3, 1, 5, 0), (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_TRUE(round_order(0, 4, 5, 0).empty());
}

TEST(RoundOrder, ALastPartialPointIsShuffledWithinItself) {
  const auto order = round_order(7, 3, 11, 0);  // points {0,1,2} {3,4,5} {6}
  EXPECT_EQ(order[6], 6u);
}

}  // namespace
}  // namespace rb::exec
