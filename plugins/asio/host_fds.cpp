#include "host_fds.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace rbasio {

int duplicateFd(int fd, const char* what) {
  const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (copy < 0) {
    throw std::system_error(errno, std::system_category(),
                            std::string("dup of ") + what + " (fd " + std::to_string(fd) + ")");
  }
  return copy;
}

void adoptListeningSocket(boost::asio::ip::tcp::acceptor& acceptor, int listenFd) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getsockname(listenFd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    throw std::system_error(errno, std::system_category(),
                            "getsockname on listen_fd " + std::to_string(listenFd));
  }
  const auto protocol =
      address.ss_family == AF_INET6 ? boost::asio::ip::tcp::v6() : boost::asio::ip::tcp::v4();
  const int copy = duplicateFd(listenFd, "listen_fd");
  boost::system::error_code ec;
  acceptor.assign(protocol, copy, ec);
  if (ec) {
    ::close(copy);
    throw std::system_error(ec.value(), std::system_category(), "acceptor.assign(listen_fd)");
  }
}

void tuneAcceptedSocket(boost::asio::ip::tcp::socket& socket) {
  boost::system::error_code ignored;  // a connection reset before this is seen by its first read
  socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
}

}  // namespace rbasio
