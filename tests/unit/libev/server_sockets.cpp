#include "server_sockets.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rb_test {
namespace {

[[noreturn]] void Fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

sockaddr_in Loopback(uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

}  // namespace

ServerSockets::ServerSockets() {
  listen_fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0) Fail("socket");
  sockaddr_in address = Loopback(0);
  socklen_t length = sizeof address;
  if (bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      listen(listen_fd_, 128) != 0 ||
      getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const int saved = errno;
    close(listen_fd_);
    errno = saved;
    Fail("listening on 127.0.0.1");
  }
  port_ = ntohs(address.sin_port);
  stop_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (stop_fd_ < 0) {
    close(listen_fd_);
    Fail("eventfd");
  }
}

ServerSockets::~ServerSockets() {
  close(listen_fd_);
  close(stop_fd_);
}

void ServerSockets::RequestStop() const {
  const uint64_t one = 1;
  if (write(stop_fd_, &one, sizeof one) != static_cast<ssize_t>(sizeof one)) Fail("eventfd write");
}

TestClient::TestClient(uint16_t port) {
  fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) Fail("socket");
  const timeval timeout{10, 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  const sockaddr_in address = Loopback(port);
  if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int saved = errno;
    close(fd_);
    errno = saved;
    Fail("connect");
  }
}

TestClient::~TestClient() {
  close(fd_);
}

void TestClient::Send(const std::string& bytes) const {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0) Fail("send");
    sent += static_cast<std::size_t>(n);
  }
}

std::string TestClient::Receive(std::size_t count) const {
  std::string received;
  char buffer[65536];
  while (received.size() < count) {
    const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    received.append(buffer, static_cast<std::size_t>(n));
  }
  return received;
}

std::string TestClient::ReceiveUntilClosed(bool* closed) const {
  std::string received;
  char buffer[65536];
  for (;;) {
    const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) {
      *closed = n == 0;
      return received;
    }
    received.append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace rb_test
