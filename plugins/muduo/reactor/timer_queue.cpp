#include "reactor/timer_queue.h"

#include <sys/timerfd.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <system_error>
#include <vector>

#include "reactor/event_loop.h"

namespace rbmuduo {

namespace {

std::atomic<std::uint64_t> g_nextSequence{1};

int createTimerfd() {
  const int fd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  if (fd < 0) {
    throw std::system_error(errno, std::generic_category(), "timerfd_create");
  }
  return fd;
}

timespec toTimespec(Clock::time_point when) {
  const auto sinceEpoch = when.time_since_epoch();
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(sinceEpoch);
  const auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(sinceEpoch - seconds);
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(seconds.count());
  ts.tv_nsec = static_cast<long>(nanos.count());
  // An all-zero it_value would disarm the timerfd instead of firing it.
  if (ts.tv_sec == 0 && ts.tv_nsec == 0) {
    ts.tv_nsec = 1;
  }
  return ts;
}

}  // namespace

TimerQueue::TimerQueue(EventLoop* loop)
    : loop_(loop), timerFd_(createTimerfd()), timerChannel_(loop, timerFd_) {
  timerChannel_.setReadCallback([this] { handleRead(); });
  try {
    timerChannel_.enableReading();
  } catch (...) {
    ::close(timerFd_);
    throw;
  }
}

TimerQueue::~TimerQueue() {
  timerChannel_.disableAll();
  timerChannel_.remove();
  ::close(timerFd_);
}

TimerId TimerQueue::addTimer(TimerCallback cb, Clock::time_point when, Clock::duration interval) {
  auto timer =
      std::make_unique<Timer>(Timer{std::move(cb), when, interval, g_nextSequence.fetch_add(1)});
  const TimerId id(timer->sequence);
  // std::function must be copyable, so the unique_ptr travels inside a shared_ptr.
  auto shared = std::make_shared<std::unique_ptr<Timer>>(std::move(timer));
  loop_->runInLoop([this, shared] { insertInLoop(std::move(*shared)); });
  return id;
}

void TimerQueue::cancel(TimerId id) {
  loop_->runInLoop([this, id] { cancelInLoop(id); });
}

void TimerQueue::insertInLoop(std::unique_ptr<Timer> timer) {
  loop_->assertInLoopThread();
  if (insert(std::move(timer))) {
    rearmTimerfd();
  }
}

void TimerQueue::cancelInLoop(TimerId id) {
  loop_->assertInLoopThread();
  const auto found = expirationBySequence_.find(id.sequence());
  if (found != expirationBySequence_.end()) {
    const auto entry = byExpiration_.find(Key{found->second, id.sequence()});
    const bool wasEarliest = entry == byExpiration_.begin();
    byExpiration_.erase(entry);
    expirationBySequence_.erase(found);
    if (wasEarliest) {
      rearmTimerfd();
    }
    return;
  }
  if (runningExpired_) {
    cancelledWhileRunning_.insert(id.sequence());
  }
}

bool TimerQueue::insert(std::unique_ptr<Timer> timer) {
  const bool earliest =
      byExpiration_.empty() || timer->expiration < byExpiration_.begin()->first.first;
  const Key key{timer->expiration, timer->sequence};
  expirationBySequence_.emplace(timer->sequence, timer->expiration);
  byExpiration_.emplace(key, std::move(timer));
  return earliest;
}

void TimerQueue::handleRead() {
  loop_->assertInLoopThread();
  std::uint64_t expirations = 0;
  // Level-triggered: the read clears readiness; EAGAIN only means another read beat us.
  [[maybe_unused]] const ssize_t n = ::read(timerFd_, &expirations, sizeof expirations);

  const Clock::time_point now = Clock::now();
  std::vector<std::unique_ptr<Timer>> expired;
  const auto end = byExpiration_.upper_bound(Key{now, UINT64_MAX});
  for (auto it = byExpiration_.begin(); it != end; ++it) {
    expirationBySequence_.erase(it->second->sequence);
    expired.push_back(std::move(it->second));
  }
  byExpiration_.erase(byExpiration_.begin(), end);

  runningExpired_ = true;
  cancelledWhileRunning_.clear();
  struct ResetFlag {
    bool& flag;
    ~ResetFlag() { flag = false; }
  } reset{runningExpired_};
  try {
    for (const auto& timer : expired) {
      timer->callback();
    }
  } catch (...) {
    // The fired timerfd is disarmed: keep the timers still pending on schedule.
    rearmTimerfd();
    throw;
  }

  for (auto& timer : expired) {
    if (timer->interval > Clock::duration::zero() &&
        !cancelledWhileRunning_.contains(timer->sequence)) {
      timer->expiration = now + timer->interval;
      insert(std::move(timer));
    }
  }
  rearmTimerfd();
}

void TimerQueue::rearmTimerfd() {
  itimerspec spec{};
  if (!byExpiration_.empty()) {
    spec.it_value = toTimespec(byExpiration_.begin()->first.first);
  }
  if (::timerfd_settime(timerFd_, TFD_TIMER_ABSTIME, &spec, nullptr) != 0) {
    throw std::system_error(errno, std::generic_category(), "timerfd_settime");
  }
}

}  // namespace rbmuduo
