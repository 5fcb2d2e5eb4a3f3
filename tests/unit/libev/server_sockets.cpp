#include "server_sockets.h"

#include <sys/socket.h>
#include <unistd.h>

namespace rb_test {

TestClient::TestClient(uint16_t port) : fd_(rbtest::connect_loopback(port, 10)) {}

void TestClient::Send(const std::string& bytes) const {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = send(fd_.get(), bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0) rbtest::throw_errno("send");
    sent += static_cast<std::size_t>(n);
  }
}

std::string TestClient::Receive(std::size_t count) const {
  std::string received;
  char buffer[65536];
  while (received.size() < count) {
    const ssize_t n = recv(fd_.get(), buffer, sizeof buffer, 0);
    if (n <= 0) break;
    received.append(buffer, static_cast<std::size_t>(n));
  }
  return received;
}

std::string TestClient::ReceiveUntilClosed(bool* closed) const {
  std::string received;
  char buffer[65536];
  for (;;) {
    const ssize_t n = recv(fd_.get(), buffer, sizeof buffer, 0);
    if (n <= 0) {
      *closed = n == 0;
      return received;
    }
    received.append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace rb_test
