#include "blocking_peer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace rbmuduo::testing {

int Listener::acceptOne() const {
  return ::accept4(fd(), nullptr, nullptr, SOCK_CLOEXEC);
}

int connectTo(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  const sockaddr_in address = rbtest::loopback_address(port);
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
  return rbtest::LoopbackListener(/*blocking=*/true).port();  // closed again at once
}

}  // namespace rbmuduo::testing
