#include "reactor/event_loop.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <system_error>

#include "reactor/channel.h"

namespace rbmuduo {

namespace {

thread_local EventLoop* t_loopInThisThread = nullptr;

int createEventfd() {
  const int fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (fd < 0) {
    throw std::system_error(errno, std::generic_category(), "eventfd");
  }
  return fd;
}

// Closes the eventfd if the constructor throws after creating it.
struct FdCloser {
  int fd;
  bool released = false;
  ~FdCloser() {
    if (!released) ::close(fd);
  }
};

}  // namespace

EventLoop::EventLoop(std::size_t initialEvents)
    : EventLoop(Poller::defaultPolicy(), initialEvents) {}

EventLoop::EventLoop(RegistrationPolicy policy, std::size_t initialEvents)
    : threadId_(std::this_thread::get_id()),
      poller_(std::make_unique<Poller>(policy, initialEvents)),
      wakeupFd_(createEventfd()) {
  FdCloser closer{wakeupFd_};
  if (t_loopInThisThread != nullptr) {
    throw std::logic_error("EventLoop: this thread already has an EventLoop");
  }
  // The loop must be registered before its own channels are enabled: they assert on it.
  t_loopInThisThread = this;
  try {
    wakeupChannel_ = std::make_unique<Channel>(this, wakeupFd_);
    wakeupChannel_->setReadCallback([this] { handleWakeupRead(); });
    wakeupChannel_->enableReading();
    timerQueue_ = std::make_unique<TimerQueue>(this);
  } catch (...) {
    wakeupChannel_.reset();
    t_loopInThisThread = nullptr;
    throw;
  }
  closer.released = true;
}

EventLoop::~EventLoop() {
  assert(!looping_);
  timerQueue_.reset();
  wakeupChannel_->disableAll();
  wakeupChannel_->remove();
  wakeupChannel_.reset();
  ::close(wakeupFd_);
  if (t_loopInThisThread == this) {
    t_loopInThisThread = nullptr;
  }
}

EventLoop* EventLoop::ofCurrentThread() {
  return t_loopInThisThread;
}

void EventLoop::loop() {
  assertInLoopThread();
  if (looping_) {
    throw std::logic_error("EventLoop::loop: already looping");
  }
  looping_ = true;
  // Whatever ends the loop (quit or an exception from a callback), the next loop() must
  // start clean.
  struct EndOfLoop {
    EventLoop& loop;
    ~EndOfLoop() {
      // Waits for a foreign quit() still inside its critical section.
      std::lock_guard<std::mutex> lock(loop.mutex_);
      loop.looping_ = false;
      loop.eventHandling_ = false;
      loop.currentActiveChannel_ = nullptr;
      loop.quit_.store(false, std::memory_order_relaxed);
    }
  } endOfLoop{*this};

  while (!quit_.load(std::memory_order_acquire)) {
    activeChannels_.clear();
    const PollStatus status = poller_->poll(pollTimeoutMs_, &activeChannels_);
    ++pollCount_;
    eventHandling_ = true;
    for (Channel* channel : activeChannels_) {
      currentActiveChannel_ = channel;
      channel->handleEvent();
    }
    currentActiveChannel_ = nullptr;
    eventHandling_ = false;
    if (status != PollStatus::kEvents && idleCallback_) {
      idleCallback_(status);
    }
    runPendingFunctors();
  }
}

void EventLoop::quit() {
  if (isInLoopThread()) {
    // Seen at the end of this iteration.
    quit_.store(true, std::memory_order_release);
    return;
  }
  // Elsewhere the loop may sit in epoll_wait and must be woken to see the flag. The lock
  // keeps loop() from returning (and its owner from destroying the eventfd) while this
  // thread is still writing to it.
  std::lock_guard<std::mutex> lock(mutex_);
  quit_.store(true, std::memory_order_release);
  wakeup();
}

void EventLoop::runInLoop(Functor cb) {
  if (isInLoopThread()) {
    cb();
  } else {
    queueInLoop(std::move(cb));
  }
}

void EventLoop::queueInLoop(Functor cb) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pendingFunctors_.push_back(std::move(cb));
  }
  // In the loop thread outside runPendingFunctors, this iteration's runPendingFunctors will
  // still pick cb up, so no wakeup is needed.
  if (!isInLoopThread() || callingPendingFunctors_) {
    wakeup();
  }
}

std::size_t EventLoop::queueSize() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return pendingFunctors_.size();
}

TimerId EventLoop::runAt(Clock::time_point when, TimerCallback cb) {
  return timerQueue_->addTimer(std::move(cb), when, Clock::duration::zero());
}

TimerId EventLoop::runAfter(Clock::duration delay, TimerCallback cb) {
  return runAt(Clock::now() + delay, std::move(cb));
}

TimerId EventLoop::runEvery(Clock::duration interval, TimerCallback cb) {
  if (interval <= Clock::duration::zero()) {
    throw std::invalid_argument("EventLoop::runEvery: the interval must be positive");
  }
  return timerQueue_->addTimer(std::move(cb), Clock::now() + interval, interval);
}

void EventLoop::cancel(TimerId id) {
  timerQueue_->cancel(id);
}

void EventLoop::wakeup() {
  const std::uint64_t one = 1;
  // EAGAIN means the counter is saturated, i.e. a wakeup is pending anyway.
  [[maybe_unused]] const ssize_t n = ::write(wakeupFd_, &one, sizeof one);
}

void EventLoop::updateChannel(Channel* channel) {
  assert(channel->ownerLoop() == this);
  assertInLoopThread();
  poller_->updateChannel(channel);
}

void EventLoop::removeChannel(Channel* channel) {
  assert(channel->ownerLoop() == this);
  assertInLoopThread();
  // Removing another channel that is still due in this iteration would leave a dangling
  // pointer in activeChannels_.
  assert(!eventHandling_ || currentActiveChannel_ == channel ||
         std::find(activeChannels_.begin(), activeChannels_.end(), channel) ==
             activeChannels_.end());
  poller_->removeChannel(channel);
}

bool EventLoop::hasChannel(Channel* channel) {
  assert(channel->ownerLoop() == this);
  assertInLoopThread();
  return poller_->hasChannel(channel);
}

void EventLoop::assertInLoopThread() const {
  if (!isInLoopThread()) {
    std::fprintf(stderr, "rbmuduo::EventLoop %p used outside the thread that created it\n",
                 static_cast<const void*>(this));
    std::abort();
  }
}

void EventLoop::setPollTimeout(std::chrono::milliseconds timeout) {
  if (timeout.count() < 0 || timeout.count() > INT32_MAX) {
    throw std::invalid_argument("EventLoop::setPollTimeout: out of range");
  }
  pollTimeoutMs_ = static_cast<int>(timeout.count());
}

void EventLoop::handleWakeupRead() {
  std::uint64_t count = 0;
  if (::read(wakeupFd_, &count, sizeof count) == sizeof count) {
    ++wakeupReads_;
  }
}

void EventLoop::runPendingFunctors() {
  std::vector<Functor> functors;
  callingPendingFunctors_ = true;
  struct ResetFlag {
    bool& flag;
    ~ResetFlag() { flag = false; }
  } reset{callingPendingFunctors_};
  {
    // Swapping keeps the critical section short and lets functors queue more work (for the
    // next iteration) without deadlocking on mutex_.
    std::lock_guard<std::mutex> lock(mutex_);
    functors.swap(pendingFunctors_);
  }
  for (std::size_t i = 0; i < functors.size(); ++i) {
    try {
      functors[i]();
    } catch (...) {
      // Put back what did not run, ahead of anything queued since, so order holds.
      std::lock_guard<std::mutex> lock(mutex_);
      pendingFunctors_.insert(pendingFunctors_.begin(),
                              std::make_move_iterator(functors.begin() + i + 1),
                              std::make_move_iterator(functors.end()));
      wakeup();
      throw;
    }
    ++functorsRun_;
  }
}

}  // namespace rbmuduo
