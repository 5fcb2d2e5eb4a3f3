#include "workload/pingpong/echo_peer.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>
#include <system_error>
#include <vector>

#include "reactorbench/pingpong_pattern.h"

namespace rb::workload::pingpong {
namespace {

struct Session {
  int fd = -1;
  std::uint64_t offset = 0;  // stream offset of the next byte read
  std::string pending;       // read, not yet echoed
  bool client_done = false;  // the client shut down its side
};

enum class Io { open, finished, failed };

}  // namespace

EchoPeer::EchoPeer(std::uint32_t block_size, std::uint64_t trigger_after,
                   std::function<void()> on_trigger)
    : block_size_(block_size), trigger_after_(trigger_after), on_trigger_(std::move(on_trigger)) {
  stop_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (stop_fd_ < 0) throw std::system_error(errno, std::generic_category(), "eventfd for the echo");
  thread_ = std::thread([this] { serve(); });
}

EchoPeer::~EchoPeer() {
  stop();
}

void EchoPeer::stop() {
  if (thread_.joinable()) {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(stop_fd_, &one, sizeof one);
    thread_.join();
  }
  if (stop_fd_ >= 0) ::close(stop_fd_);
  stop_fd_ = -1;
  listener_.close();
}

void EchoPeer::serve() {
  std::vector<Session> sessions;
  std::vector<char> buffer(64 * 1024);
  bool triggered = trigger_after_ == 0;

  // Reads what is there and echoes what it can; the session ends once the client's shutdown
  // has been seen and everything read has gone back.
  const auto pump = [&](Session& s, short revents) {
    if (!s.client_done && (revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      const ssize_t n = ::recv(s.fd, buffer.data(), buffer.size(), MSG_DONTWAIT);
      if (n > 0) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(buffer.data());
        const auto len = static_cast<std::size_t>(n);
        tally_.mismatches += rb_pingpong_mismatches(bytes, len, s.offset, block_size_);
        tally_.bytes_read += len;
        s.offset += len;
        s.pending.append(buffer.data(), len);
      } else if (n == 0) {
        s.client_done = true;
      } else if (errno != EAGAIN && errno != EINTR) {
        return Io::failed;
      }
    }
    while (!s.pending.empty()) {
      const ssize_t n =
          ::send(s.fd, s.pending.data(), s.pending.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EAGAIN || errno == EINTR) break;
        return Io::failed;
      }
      tally_.bytes_written += static_cast<std::uint64_t>(n);
      s.pending.erase(0, static_cast<std::size_t>(n));
    }
    return s.client_done && s.pending.empty() ? Io::finished : Io::open;
  };

  while (true) {
    std::vector<pollfd> fds = {{stop_fd_, POLLIN, 0}, {listener_.fd(), POLLIN, 0}};
    for (const auto& s : sessions) {
      short events = s.client_done ? 0 : POLLIN;
      if (!s.pending.empty()) events |= POLLOUT;
      fds.push_back({s.fd, events, 0});
    }
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;  // the watchdog's or the stop check's signal
      failure_ = fmt::format("echo peer: poll: {}", std::strerror(errno));
      break;
    }
    if (fds[0].revents != 0) break;
    for (std::size_t i = sessions.size(); i-- > 0;) {
      const Io io = pump(sessions[i], fds[i + 2].revents);
      if (io == Io::open) continue;
      if (io == Io::failed) ++tally_.resets;
      ::close(sessions[i].fd);
      sessions.erase(sessions.begin() + static_cast<long>(i));
    }
    if ((fds[1].revents & POLLIN) != 0) {
      while (true) {
        const int fd = ::accept4(listener_.fd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) break;
        ++tally_.connections;
        sessions.push_back({fd, 0, {}, false});
      }
    }
    if (!triggered && tally_.bytes_written >= trigger_after_) {
      triggered = true;
      if (on_trigger_) on_trigger_();
    }
  }
  for (const auto& s : sessions) ::close(s.fd);
}

}  // namespace rb::workload::pingpong
