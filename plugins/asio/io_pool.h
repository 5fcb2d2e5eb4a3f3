// The thread layout every TCP workload of both plugins shares: `threads` io_contexts, each
// run by exactly one thread (context 0 by the thread that calls run, the others by threads
// of their own), each kept alive by a work guard until windDown lets it finish.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace rbasio {

class IoPool {
 public:
  // Throws std::invalid_argument for 0 threads.
  explicit IoPool(std::uint32_t threads);
  // Stops and joins whatever run left running (only an exception leaves anything).
  ~IoPool();
  IoPool(const IoPool&) = delete;
  IoPool& operator=(const IoPool&) = delete;

  std::size_t size() const { return contexts_.size(); }
  boost::asio::io_context& context(std::size_t index) { return *contexts_[index]; }
  boost::asio::any_io_executor executor(std::size_t index) {
    return contexts_[index]->get_executor();
  }
  // Round-robin over the contexts; call from one thread only (the acceptor's, the client's).
  std::size_t nextIndex();

  // Runs every context until each has run out of work (windDown), joins the threads, then
  // rethrows the first exception a handler let escape. On such an exception every context
  // is stopped at once, so run still returns.
  void run();

  // Thread-safe: posts `lastWork(index)` to every context, then drops that context's work
  // guard there, so run returns once the work lastWork left behind has completed.
  void windDown(std::function<void(std::size_t)> lastWork);

 private:
  void runContext(std::size_t index) noexcept;
  void stopAll() noexcept;

  using WorkGuard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
  std::vector<std::unique_ptr<boost::asio::io_context>> contexts_;
  std::vector<std::optional<WorkGuard>> guards_;
  std::vector<std::thread> threads_;
  std::vector<std::exception_ptr> failures_;
  std::size_t next_ = 0;
};

}  // namespace rbasio
