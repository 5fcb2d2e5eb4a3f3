#include "workload/loopback_listener.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rb::workload {
namespace {

// listen(2) caps this at net.core.somaxconn.
constexpr int kBacklog = 65535;

}  // namespace

LoopbackListener::LoopbackListener(const std::string& ipv4, std::uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "socket for the server");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  socklen_t length = sizeof address;
  const char* failed = nullptr;
  const int one = 1;
  if (::inet_pton(AF_INET, ipv4.c_str(), &address.sin_addr) != 1) {
    close();
    throw std::system_error(EINVAL, std::generic_category(),
                            "'" + ipv4 + "' is not an IPv4 address");
  }
  if (port != 0) ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
    failed = "bind";
  else if (::listen(fd_, kBacklog) != 0)
    failed = "listen";
  else if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    failed = "getsockname";
  if (failed != nullptr) {
    const int err = errno;
    close();
    throw std::system_error(err, std::generic_category(), failed);
  }
  port_ = ntohs(address.sin_port);
}

LoopbackListener::~LoopbackListener() {
  close();
}

void LoopbackListener::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

}  // namespace rb::workload
