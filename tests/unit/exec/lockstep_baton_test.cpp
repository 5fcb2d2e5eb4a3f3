// The turns of a lockstep process (issue 30, part 2): every member's iteration i before any
// member's i + 1, each iteration's order a seeded permutation, and threads that really run
// one at a time in that order, a member that leaves skipped.
#include "exec/lockstep_baton.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

namespace rb::exec {
namespace {

TEST(LockstepSchedule, EachIterationIsAPermutationOfTheMembers) {
  const std::vector<std::size_t> schedule = lockstep_schedule(3, 40, 11);
  ASSERT_EQ(schedule.size(), 120u);
  std::vector<int> first(3, 0);
  for (std::size_t i = 0; i < 40; ++i) {
    std::vector<std::size_t> turn(schedule.begin() + static_cast<std::ptrdiff_t>(3 * i),
                                  schedule.begin() + static_cast<std::ptrdiff_t>(3 * i + 3));
    ++first[turn[0]];
    std::sort(turn.begin(), turn.end());
    EXPECT_EQ(turn, (std::vector<std::size_t>{0, 1, 2})) << "iteration " << i;
  }
  // The order changes: over 40 iterations every member goes first at least once.
  for (int count : first) EXPECT_GT(count, 0);
  EXPECT_EQ(lockstep_schedule(3, 40, 11), schedule);  // the seed replays it
  EXPECT_NE(lockstep_schedule(3, 40, 12), schedule);
}

// Each member's thread does what the lockstep worker does between its iterations: records
// its turn, ends it and waits for its next one.
TEST(LockstepBaton, ThreadsRunOneAtATimeInTheScheduledOrder) {
  constexpr std::size_t kMembers = 3;
  constexpr int kIterations = 25;
  const std::vector<std::size_t> schedule = lockstep_schedule(kMembers, kIterations, 5);
  LockstepBaton baton(kMembers, schedule);
  std::mutex lock;
  std::vector<std::size_t> ran;
  int running = 0;
  int most_running = 0;
  std::vector<std::thread> threads;
  for (std::size_t m = 0; m < kMembers; ++m)
    threads.emplace_back([&, m] {
      baton.wait_turn(m);
      for (int i = 0; i < kIterations; ++i) {
        {
          const std::lock_guard guard(lock);
          most_running = std::max(most_running, ++running);
          ran.push_back(m);
        }
        std::this_thread::yield();  // give another thread the chance to break the rule
        {
          const std::lock_guard guard(lock);
          --running;
        }
        baton.end_turn(m);
        baton.wait_turn(m);
      }
      baton.leave(m);
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(ran, schedule);
  EXPECT_EQ(most_running, 1);
}

TEST(LockstepBaton, AMemberThatLeavesIsSkipped) {
  const std::vector<std::size_t> schedule = lockstep_schedule(2, 10, 3);
  LockstepBaton baton(2, schedule);
  std::vector<std::size_t> ran;
  std::thread stays([&] {
    baton.wait_turn(0);
    for (int i = 0; i < 10; ++i) {
      ran.push_back(0);
      baton.end_turn(0);
      baton.wait_turn(0);
    }
    baton.leave(0);
  });
  std::thread fails([&] {
    baton.wait_turn(1);
    baton.leave(1);  // failed in its first turn
  });
  stays.join();
  fails.join();
  EXPECT_EQ(ran, std::vector<std::size_t>(10, 0));
}

}  // namespace
}  // namespace rb::exec
