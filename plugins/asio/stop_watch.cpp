#include "stop_watch.h"

#include <unistd.h>

#include <system_error>

#include "host_fds.h"

namespace rbasio {

StopWatch::StopWatch(boost::asio::io_context& context, int stopFd) : descriptor_(context) {
  const int copy = duplicateFd(stopFd, "stop_fd");
  boost::system::error_code ec;
  descriptor_.assign(copy, ec);
  if (ec) {
    ::close(copy);
    throw std::system_error(ec.value(), std::system_category(), "watching stop_fd");
  }
}

void StopWatch::start(std::function<void()> onStop) {
  descriptor_.async_wait(boost::asio::posix::descriptor_base::wait_read,
                         [onStop = std::move(onStop)](const boost::system::error_code& ec) {
                           if (!ec) onStop();
                         });
}

void StopWatch::cancel() {
  boost::system::error_code ignored;
  descriptor_.cancel(ignored);
}

}  // namespace rbasio
