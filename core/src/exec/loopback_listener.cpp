#include "exec/loopback_listener.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rb::exec {
namespace {

// listen(2) caps this at net.core.somaxconn.
constexpr int kBacklog = 65535;

}  // namespace

LoopbackListener::LoopbackListener() {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "socket for the server");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  const char* failed = nullptr;
  if (::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
    failed = "bind 127.0.0.1:0";
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

}  // namespace rb::exec
