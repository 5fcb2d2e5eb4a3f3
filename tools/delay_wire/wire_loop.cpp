#include "wire_loop.h"

#include <poll.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>

#include "delay_queue.h"

namespace delay_wire {
namespace {

// Reads this many packets at most per wake-up, so a busy direction cannot hold back the
// other's due packets.
constexpr int kReadBatch = 64;

struct Direction {
  int in;
  int out;
  std::string name;  // for errors: "network namespace 'x', device rbwire0"
  DelayQueue queue;
  DirectionStats& stats;
  Buffer next;  // the buffer the next read goes to

  // Each packet is stamped after its read returns, so never before it arrived: the wire may
  // hold a packet a little longer than the delay, never shorter.
  void receive() {
    for (int i = 0; i < kReadBatch; ++i) {
      if (!next) next = queue.buffer();
      const ssize_t got = ::read(in, next.get(), queue.packet_capacity());
      if (got < 0) {
        if (errno == EAGAIN || errno == EINTR) return;
        throw std::runtime_error(fmt::format("{}: read: {}", name, std::strerror(errno)));
      }
      if (!queue.push(std::move(next), static_cast<std::size_t>(got), Clock::now()))
        ++stats.dropped;
    }
  }

  void release(TimePoint now) {
    while (const Packet* packet = queue.due(now)) {
      if (::write(out, packet->bytes.get(), packet->size) == static_cast<ssize_t>(packet->size)) {
        ++stats.packets;
        stats.bytes += packet->size;
      } else {
        ++stats.dropped;  // the far device is down or refused it: lost, as on a wire
      }
      queue.pop();
    }
  }
};

std::optional<TimePoint> earliest(const Direction& x, const Direction& y) {
  const auto a = x.queue.next_due();
  const auto b = y.queue.next_due();
  if (a && b) return std::min(*a, *b);
  return a ? a : b;
}

timespec until(TimePoint due, TimePoint now) {
  const auto wait = due > now ? std::chrono::nanoseconds(due - now) : std::chrono::nanoseconds(0);
  return timespec{static_cast<time_t>(wait.count() / 1'000'000'000),
                  static_cast<long>(wait.count() % 1'000'000'000)};
}

}  // namespace

void run_wire(const WireOptions& options, int fd_a, int fd_b, int signal_fd, WireLoopStats& stats) {
  const auto name = [&](const WireEnd& end) {
    return fmt::format("network namespace '{}', device {}", end.netns, options.device);
  };
  const auto queue = [&] {
    return DelayQueue(options.delay, options.limit, static_cast<std::size_t>(options.mtu));
  };
  Direction a_to_b{fd_a, fd_b, name(options.a), queue(), stats.a_to_b, nullptr};
  Direction b_to_a{fd_b, fd_a, name(options.b), queue(), stats.b_to_a, nullptr};
  Direction* directions[2] = {&a_to_b, &b_to_a};
  pollfd fds[3] = {{fd_a, POLLIN, 0}, {fd_b, POLLIN, 0}, {signal_fd, POLLIN, 0}};
  for (;;) {
    const TimePoint now = Clock::now();
    a_to_b.release(now);
    b_to_a.release(now);
    const auto due = earliest(a_to_b, b_to_a);
    timespec timeout{};
    if (due) timeout = until(*due, Clock::now());
    if (::ppoll(fds, 3, due ? &timeout : nullptr, nullptr) < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("ppoll: {}", std::strerror(errno)));
    }
    if (fds[2].revents != 0) return;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
        throw std::runtime_error(fmt::format("{}: the device failed (poll events {:#x})",
                                             directions[i]->name, fds[i].revents));
      if (fds[i].revents & POLLIN) directions[i]->receive();
    }
  }
}

}  // namespace delay_wire
