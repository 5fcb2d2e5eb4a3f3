#include "reactor/socket.h"

#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rbmuduo {

namespace {

[[noreturn]] void throwErrno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

void setFlag(int fd, int level, int option, bool on, const char* what) {
  const int value = on ? 1 : 0;
  if (::setsockopt(fd, level, option, &value, sizeof value) != 0) {
    throwErrno(what);
  }
}

}  // namespace

Socket::~Socket() {
  if (owned_) {
    ::close(fd_);
  }
}

int Socket::createNonblocking() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, IPPROTO_TCP);
  if (fd < 0) {
    throwErrno("socket");
  }
  return fd;
}

void Socket::bindAddress(const InetAddress& address) {
  if (::bind(fd_, address.sockAddr(), sizeof(sockaddr_in)) != 0) {
    throwErrno("bind");
  }
}

void Socket::listen() {
  if (::listen(fd_, SOMAXCONN) != 0) {
    throwErrno("listen");
  }
}

int Socket::accept(InetAddress* peer) {
  sockaddr_in address{};
  socklen_t length = sizeof address;
  const int fd =
      ::accept4(fd_, reinterpret_cast<sockaddr*>(&address), &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd >= 0 && peer != nullptr) {
    *peer = InetAddress(address);
  }
  return fd;
}

void Socket::shutdownWrite() {
  // ENOTCONN means the peer is gone already; the close that follows reports it.
  ::shutdown(fd_, SHUT_WR);
}

void Socket::setTcpNoDelay(bool on) {
  setFlag(fd_, IPPROTO_TCP, TCP_NODELAY, on, "setsockopt(TCP_NODELAY)");
}

void Socket::setReuseAddr(bool on) {
  setFlag(fd_, SOL_SOCKET, SO_REUSEADDR, on, "setsockopt(SO_REUSEADDR)");
}

InetAddress Socket::localAddress() const {
  sockaddr_in address{};
  socklen_t length = sizeof address;
  ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length);
  return InetAddress(address);
}

InetAddress Socket::peerAddress() const {
  sockaddr_in address{};
  socklen_t length = sizeof address;
  ::getpeername(fd_, reinterpret_cast<sockaddr*>(&address), &length);
  return InetAddress(address);
}

int Socket::error() const {
  int error = 0;
  socklen_t length = sizeof error;
  if (::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &error, &length) != 0) {
    return errno;
  }
  return error;
}

}  // namespace rbmuduo
