#include "io_pool.h"

#include <boost/asio/post.hpp>
#include <exception>
#include <stdexcept>

namespace rbasio {

IoPool::IoPool(std::uint32_t threads) {
  if (threads == 0) {
    throw std::invalid_argument("threads must be at least 1");
  }
  contexts_.reserve(threads);
  guards_.reserve(threads);
  for (std::uint32_t i = 0; i < threads; ++i) {
    // Concurrency hint 1: exactly one thread runs each context, which lets the scheduler
    // skip waking other threads; locking stays on because the acceptor posts across.
    contexts_.push_back(std::make_unique<boost::asio::io_context>(1));
    guards_.emplace_back(contexts_.back()->get_executor());
  }
  failures_.resize(threads);
}

IoPool::~IoPool() {
  stopAll();
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

std::size_t IoPool::nextIndex() {
  const std::size_t index = next_;
  next_ = next_ + 1 == contexts_.size() ? 0 : next_ + 1;
  return index;
}

void IoPool::runContext(std::size_t index) noexcept {
  try {
    contexts_[index]->run();
  } catch (...) {
    failures_[index] = std::current_exception();
    stopAll();
  }
}

void IoPool::stopAll() noexcept {
  for (auto& context : contexts_) context->stop();
}

void IoPool::run() {
  threads_.reserve(contexts_.size() - 1);
  try {
    for (std::size_t i = 1; i < contexts_.size(); ++i) {
      threads_.emplace_back([this, i] { runContext(i); });
    }
  } catch (...) {
    stopAll();
    for (std::thread& thread : threads_) thread.join();
    threads_.clear();
    throw;
  }
  runContext(0);
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
  for (const std::exception_ptr& failure : failures_) {
    if (failure) std::rethrow_exception(failure);
  }
}

void IoPool::windDown(std::function<void(std::size_t)> lastWork) {
  for (std::size_t i = 0; i < contexts_.size(); ++i) {
    boost::asio::post(*contexts_[i], [this, i, lastWork] {
      lastWork(i);
      guards_[i].reset();
    });
  }
}

}  // namespace rbasio
