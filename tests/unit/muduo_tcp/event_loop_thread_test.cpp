// EventLoopThread and EventLoopThreadPool: loops in their own threads, handed out in turn.
#include "reactor/event_loop_thread_pool.h"

#include <gtest/gtest.h>

#include <future>
#include <thread>
#include <vector>

#include "reactor/event_loop.h"

namespace rbmuduo {
namespace {

std::thread::id threadOf(EventLoop* loop) {
  std::promise<std::thread::id> id;
  loop->runInLoop([&] { id.set_value(std::this_thread::get_id()); });
  return id.get_future().get();
}

TEST(EventLoopThread, RunsItsLoopInItsOwnThreadUntilDestroyed) {
  std::thread::id ranOn;
  {
    EventLoopThread thread;
    EventLoop* loop = thread.startLoop();
    ASSERT_NE(loop, nullptr);
    ranOn = threadOf(loop);
  }  // quits and joins
  EXPECT_NE(ranOn, std::this_thread::get_id());
}

TEST(EventLoopThreadPool, WithoutThreadsEverythingStaysInTheBaseLoop) {
  EventLoop base;
  EventLoopThreadPool pool(&base);
  pool.start();
  EXPECT_EQ(pool.getNextLoop(), &base);
  EXPECT_EQ(pool.getNextLoop(), &base);
  EXPECT_EQ(pool.getAllLoops(), std::vector<EventLoop*>{&base});
}

TEST(EventLoopThreadPool, HandsOutItsLoopsRoundRobinEachInItsOwnThread) {
  EventLoop base;
  EventLoopThreadPool pool(&base);
  pool.setThreadNum(3);
  int initialised = 0;
  std::mutex mutex;
  pool.start([&](EventLoop*) {
    std::lock_guard<std::mutex> lock(mutex);
    ++initialised;
  });
  EXPECT_EQ(initialised, 3);
  const std::vector<EventLoop*> loops = pool.getAllLoops();
  ASSERT_EQ(loops.size(), 3u);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(pool.getNextLoop(), loops[i % 3]);
  std::vector<std::thread::id> threads;
  for (EventLoop* loop : loops) {
    EXPECT_NE(loop, &base);
    threads.push_back(threadOf(loop));
  }
  EXPECT_NE(threads[0], threads[1]);
  EXPECT_NE(threads[1], threads[2]);
  EXPECT_NE(threads[0], std::this_thread::get_id());
}

}  // namespace
}  // namespace rbmuduo
