#include "reactor/event_loop.h"

#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "loop_thread.h"

namespace rbmuduo {
namespace {

TEST(EventLoop, RunInLoopFromAnotherThreadRunsInTheLoopThreadInOrder) {
  LoopThread thread;
  std::vector<int> order;  // touched only in the loop thread
  std::vector<std::thread::id> ranOn;
  constexpr int kFunctors = 100;
  for (int i = 0; i < kFunctors; ++i) {
    thread.loop()->runInLoop([&, i] {
      order.push_back(i);
      ranOn.push_back(std::this_thread::get_id());
      if (i == kFunctors - 1) thread.loop()->quit();
    });
  }
  thread.join();
  ASSERT_EQ(order.size(), static_cast<std::size_t>(kFunctors));
  for (int i = 0; i < kFunctors; ++i) {
    EXPECT_EQ(order[i], i);
    EXPECT_EQ(ranOn[i], thread.threadId());
  }
  EXPECT_EQ(thread.timeouts(), 0) << "the loop was not woken up";
  EXPECT_GE(thread.wakeupReads(), 1u);
}

TEST(EventLoop, RunInLoopInTheLoopThreadRunsAtOnce) {
  EventLoop loop;
  bool ran = false;
  loop.runInLoop([&] { ran = true; });
  EXPECT_TRUE(ran);
  EXPECT_EQ(loop.queueSize(), 0u);
}

TEST(EventLoop, QueueInLoopFromAFunctorRunsInTheNextIteration) {
  LoopThread thread;
  EventLoop* loop = thread.loop();
  std::uint64_t firstPoll = 0;
  std::uint64_t secondPoll = 0;
  bool secondRanInsideFirst = false;
  bool insideFirst = false;
  loop->queueInLoop([&] {
    insideFirst = true;
    firstPoll = loop->pollCount();
    loop->queueInLoop([&] {
      secondRanInsideFirst = insideFirst;
      secondPoll = loop->pollCount();
      loop->quit();
    });
    insideFirst = false;
  });
  thread.join();
  EXPECT_FALSE(secondRanInsideFirst);
  EXPECT_EQ(secondPoll, firstPoll + 1);
  EXPECT_EQ(thread.timeouts(), 0) << "the nested queueInLoop did not wake the loop";
}

TEST(EventLoop, QuitFromAnotherThreadEndsTheLoop) {
  LoopThread thread;
  std::promise<void> running;
  thread.loop()->runInLoop([&] { running.set_value(); });
  running.get_future().wait();  // the loop is past its first poll and polls again
  thread.loop()->quit();
  thread.join();
  EXPECT_EQ(thread.timeouts(), 0) << "quit did not wake the loop";
}

TEST(EventLoop, QuitBeforeLoopMakesLoopReturnWithoutPolling) {
  EventLoop loop;
  loop.quit();
  loop.loop();
  EXPECT_EQ(loop.pollCount(), 0u);
  // The quit was consumed: the next loop runs until its own quit.
  loop.wakeup();
  loop.queueInLoop([&] { loop.quit(); });
  loop.loop();
  EXPECT_EQ(loop.pollCount(), 1u);
}

TEST(EventLoop, OneLoopPerThread) {
  {
    EventLoop loop;
    EXPECT_EQ(EventLoop::ofCurrentThread(), &loop);
    EXPECT_THROW(EventLoop second, std::logic_error);
  }
  EXPECT_EQ(EventLoop::ofCurrentThread(), nullptr);
  EventLoop again;
  EXPECT_EQ(EventLoop::ofCurrentThread(), &again);
}

TEST(EventLoop, AnExceptionFromAFunctorLeavesTheRestQueued) {
  EventLoop loop;
  std::vector<int> ran;
  loop.wakeup();
  loop.queueInLoop([] { throw std::runtime_error("boom"); });
  loop.queueInLoop([&] {
    ran.push_back(2);
    loop.quit();
  });
  EXPECT_THROW(loop.loop(), std::runtime_error);
  EXPECT_TRUE(ran.empty());
  loop.loop();
  EXPECT_EQ(ran, std::vector<int>{2});
}

TEST(EventLoopDeathTest, UsingTheLoopFromAnotherThreadAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        EventLoop loop;
        std::thread([&] { loop.assertInLoopThread(); }).join();
      },
      "outside the thread that created it");
}

}  // namespace
}  // namespace rbmuduo
