#include "loopback_peer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace rbasio_test {

namespace {

sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  return address;
}

}  // namespace

LoopbackListener::LoopbackListener()
    : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) {
  const sockaddr_in address = loopback(0);
  EXPECT_EQ(::bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
  EXPECT_EQ(::listen(fd_, 64), 0);
  sockaddr_in bound{};
  socklen_t length = sizeof bound;
  EXPECT_EQ(::getsockname(fd_, reinterpret_cast<sockaddr*>(&bound), &length), 0);
  port_ = ntohs(bound.sin_port);
}

LoopbackListener::~LoopbackListener() {
  ::close(fd_);
}

Client::Client(std::uint16_t port) : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
  const timeval timeout{5, 0};
  EXPECT_EQ(::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout), 0);
  const sockaddr_in address = loopback(port);
  EXPECT_EQ(::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0)
      << "connect to port " << port;
}

Client::~Client() {
  ::close(fd_);
}

void Client::send(const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
    if (n <= 0) {
      ADD_FAILURE() << "write failed after " << done << " bytes";
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

std::string Client::receive(std::size_t n) {
  std::string data(n, '\0');
  std::size_t done = 0;
  while (done < n) {
    const ssize_t got = ::read(fd_, data.data() + done, n - done);
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  data.resize(done);
  return data;
}

bool Client::closedByServer() {
  char byte = 0;
  return ::read(fd_, &byte, 1) == 0;
}

}  // namespace rbasio_test
