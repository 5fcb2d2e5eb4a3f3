// Watches the host's stop_fd from one io_context: once it is readable, runs a callback in
// that context. Both plugins use this one (it is not on the measured path).
#pragma once

#include <functional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

namespace rbasio {

class StopWatch {
 public:
  // Watches a dup of stopFd (host_fds.h says why). Throws std::system_error.
  StopWatch(boost::asio::io_context& context, int stopFd);
  StopWatch(const StopWatch&) = delete;
  StopWatch& operator=(const StopWatch&) = delete;

  // Starts waiting; onStop runs at most once, in the context's thread.
  void start(std::function<void()> onStop);
  // Call from the context's thread: stop waiting (onStop will not run).
  void cancel();

 private:
  boost::asio::posix::stream_descriptor descriptor_;
};

}  // namespace rbasio
