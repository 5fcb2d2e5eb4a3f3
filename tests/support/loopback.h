// Loopback TCP for the tests that drive a server in-process (a plugin's, a scripted one): an
// owned fd, a socket listening at a port of the kernel's choosing, the host's stop eventfd,
// and a blocking client socket with timeouts. Failures throw std::system_error.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <system_error>
#include <utility>

namespace rbtest {

[[noreturn]] inline void throw_errno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// A file descriptor closed on destruction; movable, not copyable.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

inline sockaddr_in loopback_address(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// A socket listening on 127.0.0.1: non-blocking, as the host hands one to a server, or
// blocking for a test that accepts itself.
class LoopbackListener {
 public:
  explicit LoopbackListener(bool blocking = false)
      : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | (blocking ? 0 : SOCK_NONBLOCK), 0)) {
    if (fd_.get() < 0) throw_errno("socket");
    sockaddr_in address = loopback_address(0);
    socklen_t length = sizeof address;
    if (::bind(fd_.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
      throw_errno("bind");
    if (::listen(fd_.get(), SOMAXCONN) != 0) throw_errno("listen");
    if (::getsockname(fd_.get(), reinterpret_cast<sockaddr*>(&address), &length) != 0)
      throw_errno("getsockname");
    port_ = ntohs(address.sin_port);
  }

  int fd() const { return fd_.get(); }
  std::uint16_t port() const { return port_; }

 private:
  UniqueFd fd_;
  std::uint16_t port_ = 0;
};

// The host's stop_fd: a non-blocking eventfd that becomes readable on signal().
class StopEventFd {
 public:
  StopEventFd() : fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    if (fd_.get() < 0) throw_errno("eventfd");
  }

  int fd() const { return fd_.get(); }
  void signal() const {
    const std::uint64_t one = 1;
    if (::write(fd_.get(), &one, sizeof one) != static_cast<ssize_t>(sizeof one))
      throw_errno("eventfd write");
  }

 private:
  UniqueFd fd_;
};

// A blocking socket connected to 127.0.0.1:port whose reads and writes give up after
// `timeout_s` seconds, so that a server that stops answering fails a test instead of
// hanging it.
inline UniqueFd connect_loopback(std::uint16_t port, int timeout_s) {
  UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (fd.get() < 0) throw_errno("socket");
  const timeval timeout{timeout_s, 0};
  ::setsockopt(fd.get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd.get(), SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  const sockaddr_in address = loopback_address(port);
  if (::connect(fd.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
    throw_errno("connect");
  return fd;
}

}  // namespace rbtest
