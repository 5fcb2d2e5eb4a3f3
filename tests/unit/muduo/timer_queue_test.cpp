#include "reactor/timer_queue.h"

#include <chrono>
#include <vector>

#include <gtest/gtest.h>

#include "loop_thread.h"

#include "reactor/event_loop.h"

namespace rbmuduo {
namespace {

using std::chrono::milliseconds;

// A loop that gives up (and says so) if a poll ever times out, so a timer that never fires
// fails the test instead of hanging it.
class TimerTest : public ::testing::Test {
 protected:
  TimerTest() {
    loop_.setIdleCallback([this](PollStatus status) {
      if (status == PollStatus::kTimeout) {
        timedOut_ = true;
        loop_.quit();
      }
    });
  }
  EventLoop loop_;
  bool timedOut_ = false;
};

TEST_F(TimerTest, RunAfterFires) {
  bool fired = false;
  loop_.runAfter(milliseconds(1), [&] {
    fired = true;
    loop_.quit();
  });
  loop_.loop();
  EXPECT_TRUE(fired);
  EXPECT_FALSE(timedOut_);
}

TEST_F(TimerTest, TimersFireInExpirationOrder) {
  std::vector<int> order;
  const Clock::time_point base = Clock::now();
  loop_.runAt(base + milliseconds(30), [&] {
    order.push_back(3);
    loop_.quit();
  });
  loop_.runAt(base + milliseconds(10), [&] { order.push_back(1); });
  loop_.runAt(base + milliseconds(20), [&] { order.push_back(2); });
  loop_.loop();
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
}

TEST_F(TimerTest, CancelledTimerDoesNotFire) {
  bool cancelledFired = false;
  const TimerId id = loop_.runAfter(milliseconds(1), [&] { cancelledFired = true; });
  loop_.runAfter(milliseconds(20), [&] { loop_.quit(); });
  loop_.cancel(id);
  loop_.loop();
  EXPECT_FALSE(cancelledFired);
  EXPECT_FALSE(timedOut_);
  EXPECT_EQ(loop_.poller().channelCount(), 2u);  // wakeup + timerfd, nothing leaked
}

TEST_F(TimerTest, RepeatingTimerStopsWhenItCancelsItself) {
  int runs = 0;
  TimerId id;
  id = loop_.runEvery(milliseconds(2), [&] {
    if (++runs == 3) {
      loop_.cancel(id);
      // A fourth run, had the cancel failed, would come 2 ms later: before this quit.
      loop_.runAfter(milliseconds(20), [&] { loop_.quit(); });
    }
  });
  loop_.loop();
  EXPECT_EQ(runs, 3);
  EXPECT_FALSE(timedOut_);
}

TEST_F(TimerTest, CancellingAFiredTimerIsHarmless) {
  int runs = 0;
  const TimerId id = loop_.runAfter(milliseconds(1), [&] {
    ++runs;
    loop_.quit();
  });
  loop_.loop();
  loop_.cancel(id);
  loop_.cancel(TimerId());
  EXPECT_EQ(runs, 1);
}

TEST(TimerQueue, TimersCanBeAddedAndCancelledFromAnotherThread) {
  LoopThread thread;
  EventLoop* loop = thread.loop();
  bool cancelledFired = false;
  bool fired = false;
  // The cancel is queued right behind the insertion; the margin only has to outlast this
  // thread being descheduled between the two calls.
  const Clock::time_point base = Clock::now();
  const TimerId cancelled = loop->runAt(base + milliseconds(200), [&] { cancelledFired = true; });
  loop->cancel(cancelled);
  loop->runAt(base + milliseconds(250), [&] {
    fired = true;
    loop->quit();
  });
  thread.join();
  EXPECT_TRUE(fired);
  EXPECT_FALSE(cancelledFired);
  EXPECT_EQ(thread.timeouts(), 0);
}

TEST(TimerQueue, RunEveryRejectsANonPositiveInterval) {
  EventLoop loop;
  EXPECT_THROW(loop.runEvery(milliseconds(0), [] {}), std::invalid_argument);
}

}  // namespace
}  // namespace rbmuduo
