#include "workload/rr/http_peer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>

#include "workload/workload.h"

namespace rb::workload::rr {

using workload::CellFailure;

HttpPeer::HttpPeer(int port, std::uint64_t body_size, std::chrono::milliseconds wait)
    : reader_(body_size) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0)
    throw CellFailure(fmt::format("the host could not make a socket: {}", std::strerror(errno)));
  timeval timeout{static_cast<time_t>(wait.count() / 1000),
                  static_cast<suseconds_t>(wait.count() % 1000 * 1000)};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    const int error = errno;
    ::close(fd_);  // the destructor does not run for a constructor that throws
    fd_ = -1;
    throw CellFailure(fmt::format("the host could not connect to the server on 127.0.0.1:{}: {}",
                                  port, std::strerror(error)));
  }
}

HttpPeer::~HttpPeer() {
  if (fd_ >= 0) ::close(fd_);
}

void HttpPeer::send(const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw CellFailure(fmt::format("sending a request: {}", std::strerror(errno)));
    sent += static_cast<std::size_t>(n);
  }
}

std::vector<loadgen::HttpResponseReader::Response> HttpPeer::responses(std::size_t count,
                                                                       const std::string& what) {
  std::vector<loadgen::HttpResponseReader::Response> out;
  char buffer[16384];
  while (out.size() < count) {
    if (leftover_.empty()) {
      const ssize_t n = ::read(fd_, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        throw CellFailure(
            fmt::format("{}: {} of {} responses arrived, then {}", what, out.size(), count,
                        errno == EAGAIN ? "nothing more within the wait" : std::strerror(errno)));
      if (n == 0)
        throw CellFailure(
            fmt::format("{}: the server closed the connection after {} of {} "
                        "responses",
                        what, out.size(), count));
      leftover_.assign(buffer, static_cast<std::size_t>(n));
    }
    std::size_t used = 0;
    const auto rc = reader_.feed(leftover_.data(), leftover_.size(), used);
    leftover_.erase(0, used);
    if (rc == loadgen::HttpResponseReader::Result::malformed)
      throw CellFailure(fmt::format("{}: malformed response: {}", what, reader_.error()));
    if (rc == loadgen::HttpResponseReader::Result::response) out.push_back(reader_.last());
  }
  return out;
}

void HttpPeer::expect_closed(const std::string& what) {
  char buffer[4096];
  if (!leftover_.empty())
    throw CellFailure(
        fmt::format("{}: {} unexpected bytes after the response", what, leftover_.size()));
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (n < 0 && errno == ECONNRESET)) return;
    if (n > 0)
      throw CellFailure(
          fmt::format("{}: {} more bytes arrived where the server should have closed", what, n));
    throw CellFailure(fmt::format("{}: the server kept the connection open", what));
  }
}

}  // namespace rb::workload::rr
