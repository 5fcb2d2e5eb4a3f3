// EventLoop: one per thread. Each iteration polls, runs the active channels' callbacks, then
// the functors other code queued. Everything but quit(), runInLoop(), queueInLoop(), the
// timer calls and wakeup() must run in the thread that constructed the loop.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "reactor/poller.h"
#include "reactor/timer_queue.h"

namespace rbmuduo {

class Channel;

class EventLoop {
 public:
  using Functor = std::function<void()>;
  // Runs in the loop after a poll that returned no event (timeout or signal), so an owner
  // can notice a stalled loop or a stop request without a timer of its own.
  using IdleCallback = std::function<void(PollStatus)>;

  static constexpr int kDefaultPollTimeoutMs = 10000;

  // Polls with this binary's Poller variant (Poller::defaultPolicy). Throws std::logic_error
  // if this thread already has a loop.
  explicit EventLoop(std::size_t initialEvents = Poller::kDefaultInitialEvents);
  // Polls with the given variant: for tests that compare the variants in one binary.
  explicit EventLoop(RegistrationPolicy policy,
                     std::size_t initialEvents = Poller::kDefaultInitialEvents);
  ~EventLoop();
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;

  // Loops until quit(). A quit() that arrives before loop() makes loop() return at once;
  // either way the next loop() starts afresh.
  void loop();
  // Thread-safe. Once loop() has returned, the owner may destroy the loop: a quit() from
  // another thread has finished with it by then. Other cross-thread calls (runInLoop,
  // queueInLoop, timers) must be over before the owner destroys the loop.
  void quit();

  // Runs cb now if called in the loop thread, otherwise queues it and wakes the loop.
  void runInLoop(Functor cb);
  // Runs cb after the current iteration's callbacks, in queueing order. Wakes the loop when
  // needed: from another thread, or from a queued functor (whose batch is already taken).
  void queueInLoop(Functor cb);
  std::size_t queueSize() const;

  TimerId runAt(Clock::time_point when, TimerCallback cb);
  TimerId runAfter(Clock::duration delay, TimerCallback cb);
  TimerId runEvery(Clock::duration interval, TimerCallback cb);
  void cancel(TimerId id);

  void wakeup();

  // Channel plumbing, loop thread only.
  void updateChannel(Channel* channel);
  void removeChannel(Channel* channel);
  bool hasChannel(Channel* channel);

  bool isInLoopThread() const { return threadId_ == std::this_thread::get_id(); }
  // Aborts with a message: touching a loop from a foreign thread is a programming error.
  void assertInLoopThread() const;
  static EventLoop* ofCurrentThread();

  void setPollTimeout(std::chrono::milliseconds timeout);
  void setIdleCallback(IdleCallback cb) { idleCallback_ = std::move(cb); }

  Poller& poller() { return *poller_; }
  const Poller& poller() const { return *poller_; }
  // Counted since construction, in the loop thread.
  std::uint64_t pollCount() const { return pollCount_; }
  std::uint64_t wakeupReads() const { return wakeupReads_; }
  std::uint64_t functorsRun() const { return functorsRun_; }

 private:
  void handleWakeupRead();
  void runPendingFunctors();

  const std::thread::id threadId_;
  bool looping_ = false;
  std::atomic<bool> quit_{false};
  bool eventHandling_ = false;
  bool callingPendingFunctors_ = false;
  int pollTimeoutMs_ = kDefaultPollTimeoutMs;
  std::uint64_t pollCount_ = 0;
  std::uint64_t wakeupReads_ = 0;
  std::uint64_t functorsRun_ = 0;
  IdleCallback idleCallback_;

  // Declaration order is destruction order in reverse: the channels go before the poller.
  std::unique_ptr<Poller> poller_;
  const int wakeupFd_;
  std::unique_ptr<Channel> wakeupChannel_;
  std::unique_ptr<TimerQueue> timerQueue_;
  Poller::ChannelList activeChannels_;
  Channel* currentActiveChannel_ = nullptr;

  mutable std::mutex mutex_;
  std::vector<Functor> pendingFunctors_;  // guarded by mutex_
};

}  // namespace rbmuduo
