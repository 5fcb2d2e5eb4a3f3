// EventLoopThreadPool: the io loops of a TcpServer or a client, handed out round-robin.
// With no threads, every connection stays in the base loop (muduo's one-loop mode).
#pragma once

#include <memory>
#include <vector>

#include "reactor/event_loop_thread.h"

namespace rbmuduo {

class EventLoop;

class EventLoopThreadPool {
 public:
  explicit EventLoopThreadPool(EventLoop* baseLoop);
  // Quits and joins every thread; their loops must hold no channel of anyone else by then.
  ~EventLoopThreadPool();
  EventLoopThreadPool(const EventLoopThreadPool&) = delete;
  EventLoopThreadPool& operator=(const EventLoopThreadPool&) = delete;

  // Before start().
  void setThreadNum(int numThreads) { numThreads_ = numThreads; }
  // Base loop thread only.
  void start(const EventLoopThread::ThreadInitCallback& init = {});
  bool started() const { return started_; }

  // Base loop thread only: the next io loop, round-robin; the base loop without threads.
  EventLoop* getNextLoop();
  std::vector<EventLoop*> getAllLoops() const;

 private:
  EventLoop* const baseLoop_;
  int numThreads_ = 0;
  bool started_ = false;
  std::size_t next_ = 0;
  std::vector<std::unique_ptr<EventLoopThread>> threads_;
  std::vector<EventLoop*> loops_;
};

}  // namespace rbmuduo
