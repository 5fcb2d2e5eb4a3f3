// EventLoopThread: a thread that owns and runs one EventLoop until the EventLoopThread is
// destroyed (which quits the loop and joins the thread).
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace rbmuduo {

class EventLoop;

class EventLoopThread {
 public:
  // Runs in the new thread with its loop, before the loop starts.
  using ThreadInitCallback = std::function<void(EventLoop*)>;

  explicit EventLoopThread(ThreadInitCallback init = {});
  ~EventLoopThread();
  EventLoopThread(const EventLoopThread&) = delete;
  EventLoopThread& operator=(const EventLoopThread&) = delete;

  // Starts the thread and returns its loop once it exists; valid until destruction. Throws
  // what the thread threw while constructing the loop.
  EventLoop* startLoop();

 private:
  void threadMain();

  ThreadInitCallback init_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable ready_;
  EventLoop* loop_ = nullptr;      // guarded by mutex_
  std::exception_ptr startError_;  // guarded by mutex_
  bool exited_ = false;            // guarded by mutex_
};

}  // namespace rbmuduo
