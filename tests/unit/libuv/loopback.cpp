#include "loopback.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace rb_test {
namespace {

[[noreturn]] void ThrowErrno(const char* what) {
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

Listener::Listener() {
  fd_ = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) ThrowErrno("socket");
  sockaddr_in address = Loopback(0);
  socklen_t length = sizeof address;
  if (bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) ThrowErrno("bind");
  if (listen(fd_, SOMAXCONN) != 0) ThrowErrno("listen");
  if (getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    ThrowErrno("getsockname");
  port_ = ntohs(address.sin_port);
}

Listener::~Listener() {
  if (fd_ >= 0) close(fd_);
}

StopFd::StopFd() {
  fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (fd_ < 0) ThrowErrno("eventfd");
}

StopFd::~StopFd() {
  if (fd_ >= 0) close(fd_);
}

void StopFd::Signal() const {
  const uint64_t one = 1;
  if (write(fd_, &one, sizeof one) != static_cast<ssize_t>(sizeof one)) ThrowErrno("eventfd write");
}

BlockingClient::BlockingClient(uint16_t port) {
  fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) ThrowErrno("socket");
  const timeval timeout{5, 0};
  setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  const sockaddr_in address = Loopback(port);
  if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    close(fd_);
    throw std::system_error(error, std::generic_category(), "connect");
  }
}

BlockingClient::~BlockingClient() {
  if (fd_ >= 0) close(fd_);
}

void BlockingClient::Send(const std::string& data) const {
  size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) ThrowErrno("send");
    sent += static_cast<size_t>(n);
  }
}

std::string BlockingClient::ReadExactly(size_t n) const {
  std::string data(n, '\0');
  size_t got = 0;
  while (got < n) {
    const ssize_t r = recv(fd_, data.data() + got, n - got, 0);
    if (r == 0) throw std::runtime_error("end of stream after " + std::to_string(got) + " bytes");
    if (r < 0) ThrowErrno("recv");
    got += static_cast<size_t>(r);
  }
  return data;
}

std::string BlockingClient::ReadToEnd() const {
  std::string data;
  char buffer[4096];
  for (;;) {
    const ssize_t r = recv(fd_, buffer, sizeof buffer, 0);
    if (r == 0) return data;
    if (r < 0) ThrowErrno("recv");
    data.append(buffer, static_cast<size_t>(r));
  }
}

void BlockingClient::ShutdownWrite() const {
  if (shutdown(fd_, SHUT_WR) != 0) ThrowErrno("shutdown");
}

bool IsOpen(int fd) {
  return fcntl(fd, F_GETFD) != -1;
}

Counters CollectCounters(int (*counters)(void*, const rb_counter_sink*, char*, size_t),
                         void* state) {
  Counters collected;
  rb_counter_sink sink{};
  sink.ctx = &collected;
  sink.put = [](void* ctx, const char* name, uint64_t value) {
    (*static_cast<Counters*>(ctx))[name] = value;
  };
  char err[512] = {0};
  if (counters(state, &sink, err, sizeof err) != RB_OK)
    throw std::runtime_error(std::string("counters: ") + err);
  return collected;
}

}  // namespace rb_test
