// The run's ETA (exec/progress_tracker.h): weighted by each cell's own round time (measured in
// this run, else its prior scaled by how this run compares, else the run's mean round), the
// runner's own time between rounds carried over, and a failed cell's rounds out of the total.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "exec/progress_tracker.h"

namespace rb::exec {
namespace {

TEST(ProgressTracker, TotalIsTheRunnableCellsTimesTheRounds) {
  const ProgressTracker tracker({true, false, true}, {}, 5);
  EXPECT_EQ(tracker.done(), 0U);
  EXPECT_EQ(tracker.total(), 10U);
}

TEST(ProgressTracker, NothingKnownGivesNoEta) {
  const ProgressTracker tracker({true, true}, {}, 2);
  EXPECT_FALSE(tracker.remaining_s(0).has_value());
}

TEST(ProgressTracker, PriorsGiveAnEtaBeforeTheFirstRound) {
  const ProgressTracker tracker({true, true}, {1.0, 3.0}, 2);
  ASSERT_TRUE(tracker.remaining_s(0).has_value());
  EXPECT_DOUBLE_EQ(*tracker.remaining_s(0), 8.0);
}

TEST(ProgressTracker, EachCellWeighsWhatItsOwnRoundsTook) {
  // A cheap cell (0.1 s) and an expensive one (2 s), 3 rounds: after one round of each, the
  // rest is 2 x 0.1 + 2 x 2 = 4.2 s, not 4 rounds x their mean of 1.05 s.
  ProgressTracker tracker({true, true}, {}, 3);
  tracker.round_finished(0, 0.1, true);
  tracker.round_finished(1, 2.0, true);
  EXPECT_EQ(tracker.done(), 2U);
  ASSERT_TRUE(tracker.remaining_s(2.1).has_value());
  EXPECT_NEAR(*tracker.remaining_s(2.1), 4.2, 1e-9);
}

TEST(ProgressTracker, UnseenCellsTakeTheirPriorScaledByThisRun) {
  // The measured cell took twice its prior: the unseen one is expected at twice its prior.
  ProgressTracker tracker({true, true}, {1.0, 4.0}, 1);
  tracker.round_finished(0, 2.0, true);
  ASSERT_TRUE(tracker.remaining_s(2.0).has_value());
  EXPECT_NEAR(*tracker.remaining_s(2.0), 8.0, 1e-9);
}

TEST(ProgressTracker, CellsWithoutAPriorTakeTheMeanRound) {
  ProgressTracker tracker({true, true, true}, {}, 1);
  tracker.round_finished(0, 1.0, true);
  tracker.round_finished(1, 3.0, true);
  ASSERT_TRUE(tracker.remaining_s(4.0).has_value());
  EXPECT_NEAR(*tracker.remaining_s(4.0), 2.0, 1e-9);
}

TEST(ProgressTracker, TheRunnersOwnTimeBetweenRoundsScalesTheRest) {
  // Rounds of 1 s each, but 1.5 s passed per round: the rest takes 1.5 s a round too.
  ProgressTracker tracker({true}, {}, 3);
  tracker.round_finished(0, 1.0, true);
  ASSERT_TRUE(tracker.remaining_s(1.5).has_value());
  EXPECT_NEAR(*tracker.remaining_s(1.5), 3.0, 1e-9);
}

TEST(ProgressTracker, AFailedCellsLaterRoundsLeaveTheTotal) {
  ProgressTracker tracker({true, true}, {}, 3);
  tracker.round_finished(0, 1.0, false);
  EXPECT_EQ(tracker.done(), 1U);
  EXPECT_EQ(tracker.total(), 4U);
  tracker.drop(1);
  EXPECT_EQ(tracker.total(), 1U);
  ASSERT_TRUE(tracker.remaining_s(1.0).has_value());
  EXPECT_DOUBLE_EQ(*tracker.remaining_s(1.0), 0.0);
}

}  // namespace
}  // namespace rb::exec
