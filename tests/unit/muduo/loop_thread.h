// Test helper: an EventLoop running in a thread of its own.
#pragma once

#include <cstdint>
#include <future>
#include <thread>

#include "reactor/event_loop.h"

namespace rbmuduo {

// Runs an EventLoop in its own thread. The loop's idle callback counts poll timeouts, so a
// test can tell "woken up" from "the 10 s poll timeout happened to end the wait". The loop
// outlives loop() until join(): the test thread may still be inside runInLoop's wakeup
// when its functor ends the loop.
class LoopThread {
 public:
  LoopThread() {
    std::promise<EventLoop*> ready;
    std::future<EventLoop*> loop = ready.get_future();
    std::shared_future<void> mayDestroy = mayDestroy_.get_future().share();
    thread_ = std::thread([this, &ready, mayDestroy] {
      EventLoop eventLoop;
      eventLoop.setIdleCallback([this](PollStatus status) {
        if (status == PollStatus::kTimeout) ++timeouts_;
      });
      threadId_ = std::this_thread::get_id();
      ready.set_value(&eventLoop);
      eventLoop.loop();
      polls_ = eventLoop.pollCount();
      wakeupReads_ = eventLoop.wakeupReads();
      mayDestroy.wait();
    });
    loop_ = loop.get();
  }
  // A test that failed before ending the loop still ends it here.
  ~LoopThread() {
    if (thread_.joinable()) {
      loop_->quit();
      join();
    }
  }
  EventLoop* loop() const { return loop_; }
  std::thread::id threadId() const { return threadId_; }
  // Waits for loop() to return; afterwards the accessors below hold what the loop reported.
  void join() {
    mayDestroy_.set_value();
    thread_.join();
  }
  int timeouts() const { return timeouts_; }
  std::uint64_t polls() const { return polls_; }
  std::uint64_t wakeupReads() const { return wakeupReads_; }

 private:
  std::promise<void> mayDestroy_;
  std::thread thread_;
  EventLoop* loop_ = nullptr;
  std::thread::id threadId_;
  int timeouts_ = 0;
  std::uint64_t polls_ = 0;
  std::uint64_t wakeupReads_ = 0;
};

}  // namespace rbmuduo
