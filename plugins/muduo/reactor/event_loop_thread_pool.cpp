#include "reactor/event_loop_thread_pool.h"

#include <stdexcept>

#include "reactor/event_loop.h"

namespace rbmuduo {

EventLoopThreadPool::EventLoopThreadPool(EventLoop* baseLoop) : baseLoop_(baseLoop) {}

EventLoopThreadPool::~EventLoopThreadPool() = default;

void EventLoopThreadPool::start(const EventLoopThread::ThreadInitCallback& init) {
  baseLoop_->assertInLoopThread();
  if (started_) {
    throw std::logic_error("EventLoopThreadPool::start: already started");
  }
  started_ = true;
  for (int i = 0; i < numThreads_; ++i) {
    threads_.push_back(std::make_unique<EventLoopThread>(init));
    loops_.push_back(threads_.back()->startLoop());
  }
  if (numThreads_ == 0 && init) {
    init(baseLoop_);
  }
}

EventLoop* EventLoopThreadPool::getNextLoop() {
  baseLoop_->assertInLoopThread();
  if (loops_.empty()) {
    return baseLoop_;
  }
  EventLoop* loop = loops_[next_];
  next_ = (next_ + 1) % loops_.size();
  return loop;
}

std::vector<EventLoop*> EventLoopThreadPool::getAllLoops() const {
  return loops_.empty() ? std::vector<EventLoop*>{baseLoop_} : loops_;
}

}  // namespace rbmuduo
