#include "unread_sender.h"

#include <fcntl.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string_view>

namespace rb_test {

namespace {

// A server that reads on answers within this; one that has stopped reading never does.
constexpr int kStallMs = 1000;
// Small, so that what the server takes is what it reads, not what this socket holds.
constexpr int kSendBuffer = 64 * 1024;

void SetBlocking(int fd, bool blocking) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK) != 0)
    rbtest::throw_errno("fcntl");
}

long StatusField(const char* name) {
  std::ifstream status("/proc/self/status");
  std::string line;
  const std::string prefix = std::string(name) + ":";
  while (std::getline(status, line))
    if (line.compare(0, prefix.size(), prefix) == 0)
      return std::stol(line.substr(prefix.size())) * 1024;
  throw std::runtime_error(prefix + " not in /proc/self/status");
}

}  // namespace

UnreadSender::UnreadSender(uint16_t port, std::string unit) : unit_(std::move(unit)) {
  fd_ = rbtest::UniqueFd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (fd_.get() < 0) rbtest::throw_errno("socket");
  ::setsockopt(fd_.get(), SOL_SOCKET, SO_SNDBUF, &kSendBuffer, sizeof kSendBuffer);
  const int one = 1;
  ::setsockopt(fd_.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  const sockaddr_in address = rbtest::loopback_address(port);
  if (::connect(fd_.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
    rbtest::throw_errno("connect");
  const timeval timeout{20, 0};
  ::setsockopt(fd_.get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd_.get(), SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
}

std::size_t UnreadSender::SendUntilStalled(std::size_t cap) {
  std::string burst;
  while (burst.size() < 65536) burst += unit_;
  SetBlocking(fd_.get(), false);
  while (sent_ < cap) {
    pollfd writable{fd_.get(), POLLOUT, 0};
    const int ready = ::poll(&writable, 1, kStallMs);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) rbtest::throw_errno("poll");
    if (ready == 0) break;
    const std::size_t offset = sent_ % unit_.size();
    const ssize_t n = ::send(fd_.get(), burst.data() + offset, burst.size() - offset, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n < 0) throw std::runtime_error(std::string("send: ") + std::strerror(errno));
    sent_ += static_cast<std::size_t>(n);
  }
  SetBlocking(fd_.get(), true);
  return sent_;
}

std::string UnreadSender::rest_of_unit() const {
  const std::size_t cut = sent_ % unit_.size();
  return cut == 0 ? std::string() : unit_.substr(cut);
}

void SendAll(int fd, const std::string& bytes, const char* what) {
  std::string_view rest = bytes;
  while (!rest.empty()) {
    const ssize_t n = ::send(fd, rest.data(), rest.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw std::runtime_error(std::string("sending ") + what + ": " + std::strerror(errno));
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
}

PeakMemoryGrowth::PeakMemoryGrowth() {
  // "5" resets the peak resident size to the current one (proc(5), clear_refs).
  std::ofstream("/proc/self/clear_refs") << "5";
  start_ = StatusField("VmRSS");
}

long PeakMemoryGrowth::bytes() const {
  return StatusField("VmHWM") - start_;
}

}  // namespace rb_test
