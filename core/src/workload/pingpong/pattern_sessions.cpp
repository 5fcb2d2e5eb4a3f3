#include "workload/pingpong/pattern_sessions.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>

#include "reactorbench/pingpong_pattern.h"
#include "workload/workload.h"

namespace rb::workload::pingpong {
namespace {

using workload::CellFailure;

void set_timeout(int fd, int option, std::chrono::milliseconds timeout) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  ::setsockopt(fd, SOL_SOCKET, option, &tv, sizeof tv);
}

int connect_to(std::uint16_t port, std::chrono::milliseconds io_timeout) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw CellFailure(fmt::format("host socket: {}", std::strerror(errno)));
  set_timeout(fd, SO_RCVTIMEO, io_timeout);
  set_timeout(fd, SO_SNDTIMEO, io_timeout);
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int err = errno;
    ::close(fd);
    throw CellFailure(fmt::format("host could not connect to the server on 127.0.0.1:{}: {}", port,
                                  std::strerror(err)));
  }
  return fd;
}

}  // namespace

PatternSessions::PatternSessions(std::uint16_t port, std::uint32_t sessions,
                                 std::uint32_t block_size, std::chrono::milliseconds io_timeout)
    : block_(block_size) {
  rb_pingpong_fill_block(block_.data(), block_size);
  try {
    for (std::uint32_t i = 0; i < sessions; ++i) fds_.push_back(connect_to(port, io_timeout));
  } catch (...) {
    close_all();
    throw;
  }
}

PatternSessions::~PatternSessions() {
  close_all();
}

void PatternSessions::close_all() {
  for (const int fd : fds_) ::close(fd);
  fds_.clear();
}

// With a block size that is not a multiple of 128 the stream repeats the first block, so
// every echoed block starts at a multiple of block_size and matches the block sent.
void PatternSessions::exchange(std::uint32_t rounds) {
  const std::size_t size = block_.size();
  std::vector<unsigned char> echo(size);
  for (std::uint32_t round = 0; round < rounds; ++round) {
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      if (::send(fds_[i], block_.data(), size, MSG_NOSIGNAL) != static_cast<ssize_t>(size))
        throw CellFailure(fmt::format("round {}: host could not send a block on session {}: {}",
                                      round, i, std::strerror(errno)));
      sent_ += size;
    }
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      std::size_t got = 0;
      while (got < size) {
        const ssize_t n = ::recv(fds_[i], echo.data() + got, size - got, 0);
        if (n == 0)
          throw CellFailure(
              fmt::format("round {}: the server closed session {} after echoing {} of {} bytes",
                          round, i, got, size));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
          throw CellFailure(fmt::format(
              "round {}: session {} echoed {} of {} bytes, then: {}", round, i, got, size,
              errno == EAGAIN ? "nothing more within the host's wait" : std::strerror(errno)));
        got += static_cast<std::size_t>(n);
      }
      received_ += size;
      const std::uint64_t offset = std::uint64_t{round} * size;
      const std::uint32_t block_size = static_cast<std::uint32_t>(size);
      if (const auto bad = rb_pingpong_mismatches(echo.data(), size, offset, block_size); bad > 0)
        throw CellFailure(
            fmt::format("round {}: {} of the {} bytes session {} echoed differ from "
                        "what the host sent",
                        round, bad, size, i));
    }
  }
}

void PatternSessions::finish() {
  std::vector<unsigned char> rest(block_.size());
  for (std::size_t i = 0; i < fds_.size(); ++i) {
    ::shutdown(fds_[i], SHUT_WR);
    while (true) {
      const ssize_t n = ::recv(fds_[i], rest.data(), rest.size(), 0);
      if (n > 0) {
        received_ += static_cast<std::uint64_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0)
        throw CellFailure(fmt::format(
            "session {}: the server did not close it after the host shut down its side: {}", i,
            errno == EAGAIN ? "still open at the end of the host's wait" : std::strerror(errno)));
      break;
    }
  }
  close_all();
}

void PatternSessions::expect_closed_by_server() {
  unsigned char byte = 0;
  for (std::size_t i = 0; i < fds_.size(); ++i) {
    ssize_t n = 0;
    do {
      n = ::recv(fds_[i], &byte, 1, 0);
    } while (n < 0 && errno == EINTR);
    if (n > 0)
      throw CellFailure(fmt::format("session {} received data after the echo was complete", i));
    if (n < 0 && errno == EAGAIN)
      throw CellFailure(
          fmt::format("session {} was still open after the server was stopped and released (close "
                      "every connection once stop_fd is readable)",
                      i));
  }
  close_all();
}

}  // namespace rb::workload::pingpong
