#include "blocking_peer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace rbmuduo::testing {

namespace {

sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  return address;
}

std::uint16_t boundPort(int fd) {
  sockaddr_in address{};
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  return ntohs(address.sin_port);
}

}  // namespace

Listener::Listener() : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
  const sockaddr_in address = loopback(0);
  EXPECT_EQ(::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
  EXPECT_EQ(::listen(fd_, 64), 0);
  port_ = boundPort(fd_);
}

Listener::~Listener() {
  ::close(fd_);
}

int Listener::acceptOne() const {
  return ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
}

int connectTo(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const sockaddr_in address = loopback(port);
  EXPECT_EQ(::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0)
      << "connect to port " << port;
  return fd;
}

void writeAll(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n <= 0) {
      ADD_FAILURE() << "write failed after " << done << " bytes";
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

std::string readExactly(int fd, std::size_t n) {
  std::string data(n, '\0');
  std::size_t done = 0;
  while (done < n) {
    const ssize_t got = ::read(fd, data.data() + done, n - done);
    if (got <= 0) {
      ADD_FAILURE() << "read ended after " << done << " of " << n << " bytes";
      break;
    }
    done += static_cast<std::size_t>(got);
  }
  data.resize(done);
  return data;
}

std::string readUntilEof(int fd) {
  std::string data;
  char chunk[65536];
  ssize_t got;
  while ((got = ::read(fd, chunk, sizeof chunk)) > 0)
    data.append(chunk, static_cast<std::size_t>(got));
  return data;
}

std::uint16_t unusedPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const sockaddr_in address = loopback(0);
  ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
  const std::uint16_t port = boundPort(fd);
  ::close(fd);
  return port;
}

}  // namespace rbmuduo::testing
