#include "reactor/event_loop_thread.h"

#include "reactor/event_loop.h"

namespace rbmuduo {

EventLoopThread::EventLoopThread(ThreadInitCallback init) : init_(std::move(init)) {}

EventLoopThread::~EventLoopThread() {
  if (!thread_.joinable()) {
    return;
  }
  {
    // The loop may already have ended on its own (an exception from a callback). Quitting
    // through the queue, behind what others queued before (a TcpServer's last
    // connectDestroyed calls), lets those run first: a plain quit() could end the loop
    // between two batches and drop them.
    std::lock_guard<std::mutex> lock(mutex_);
    if (loop_ != nullptr) {
      EventLoop* loop = loop_;
      loop_->queueInLoop([loop] { loop->quit(); });
    }
  }
  thread_.join();
}

EventLoop* EventLoopThread::startLoop() {
  thread_ = std::thread([this] { threadMain(); });
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return loop_ != nullptr || exited_; });
  if (startError_) {
    std::rethrow_exception(startError_);
  }
  return loop_;
}

void EventLoopThread::threadMain() {
  try {
    EventLoop loop;
    if (init_) {
      init_(&loop);
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      loop_ = &loop;
    }
    ready_.notify_one();
    try {
      loop.loop();
    } catch (...) {
      // A throwing callback ends this loop; the owner sees it stop serving.
    }
    std::lock_guard<std::mutex> lock(mutex_);
    loop_ = nullptr;
    exited_ = true;
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    startError_ = std::current_exception();
    exited_ = true;
    ready_.notify_one();
  }
}

}  // namespace rbmuduo
