// TimerQueue: one timerfd per EventLoop, armed for the earliest pending timer, so timers are
// just another readable channel and the loop never computes a poll timeout from them.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "reactor/channel.h"

namespace rbmuduo {

class EventLoop;

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC, as the timerfd
using TimerCallback = std::function<void()>;

// Names one scheduled timer for cancel(). Sequences are never reused, so cancelling a timer
// that already fired (or was cancelled) is harmless.
class TimerId {
 public:
  TimerId() = default;
  explicit TimerId(std::uint64_t sequence) : sequence_(sequence) {}
  std::uint64_t sequence() const { return sequence_; }
  bool valid() const { return sequence_ != 0; }
  friend bool operator==(TimerId, TimerId) = default;

 private:
  std::uint64_t sequence_ = 0;
};

class TimerQueue {
 public:
  explicit TimerQueue(EventLoop* loop);
  ~TimerQueue();
  TimerQueue(const TimerQueue&) = delete;
  TimerQueue& operator=(const TimerQueue&) = delete;

  // Thread-safe. A zero interval runs once; a positive one repeats, counted from each run.
  TimerId addTimer(TimerCallback cb, Clock::time_point when, Clock::duration interval);
  // Thread-safe; a repeating timer may cancel itself from its own callback.
  void cancel(TimerId id);

  // In the loop thread: timers scheduled and not yet fired or cancelled.
  std::size_t pendingCount() const { return byExpiration_.size(); }

 private:
  struct Timer {
    TimerCallback callback;
    Clock::time_point expiration;
    Clock::duration interval;
    std::uint64_t sequence;
  };
  // Ordered by expiration, ties broken by scheduling order.
  using Key = std::pair<Clock::time_point, std::uint64_t>;

  void insertInLoop(std::unique_ptr<Timer> timer);
  void cancelInLoop(TimerId id);
  void handleRead();
  // Returns true when the new timer became the earliest one.
  bool insert(std::unique_ptr<Timer> timer);
  void rearmTimerfd();

  EventLoop* const loop_;
  const int timerFd_;
  Channel timerChannel_;
  std::map<Key, std::unique_ptr<Timer>> byExpiration_;
  std::unordered_map<std::uint64_t, Clock::time_point> expirationBySequence_;
  // Sequences cancelled while their callbacks were running, so they are not restarted.
  std::unordered_set<std::uint64_t> cancelledWhileRunning_;
  bool runningExpired_ = false;
};

}  // namespace rbmuduo
