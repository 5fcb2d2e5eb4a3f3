#include "loadgen/load_thread.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "proc/monotonic_clock.h"

namespace rb::loadgen {
namespace {

constexpr std::size_t kReadBuffer = 64 * 1024;
constexpr int kMaxEvents = 256;
// How often in-flight requests are checked against request_timeout: timeouts are seconds,
// so a tenth of one is precise enough and costs one scan per slice.
constexpr std::uint64_t kTimeoutScanNs = 100'000'000;

std::uint64_t ns(std::chrono::nanoseconds d) {
  return static_cast<std::uint64_t>(d.count());
}

}  // namespace

LoadThread::LoadThread(const LoadSpec& spec, const std::vector<std::uint32_t>& indexes,
                       std::string request)
    : spec_(spec), request_(std::move(request)), buffer_(kReadBuffer) {
  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  if (epoll_fd_ < 0) throw std::system_error(errno, std::generic_category(), "epoll_create1");
  connections_.reserve(indexes.size());
  for (const std::uint32_t index : indexes) {
    connections_.emplace_back(spec.body_size);
    connections_.back().index = index;
  }
  if (spec.rate > 0)
    interval_ns_ = static_cast<std::uint64_t>(std::llround(spec.connections / spec.rate * 1e9));
}

LoadThread::~LoadThread() {
  for (std::size_t c = 0; c < connections_.size(); ++c) close(c);
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
}

void LoadThread::watch(std::size_t c, std::uint32_t events, int op) {
  epoll_event ev{};
  ev.events = events;
  ev.data.u64 = c;
  ::epoll_ctl(epoll_fd_, op, connections_[c].fd, &ev);
}

void LoadThread::fail(std::size_t c, std::uint64_t& counter, const std::string& why) {
  ++counter;
  if (result_.first_error.empty())
    result_.first_error = fmt::format("connection {}: {}", connections_[c].index, why);
}

void LoadThread::open(std::size_t c) {
  Connection& conn = connections_[c];
  conn.fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (conn.fd < 0) {
    fail(c, result_.connect_failures, fmt::format("socket: {}", std::strerror(errno)));
    return;
  }
  const int one = 1;
  ::setsockopt(conn.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(spec_.port));
  ::inet_pton(AF_INET, spec_.host.c_str(), &address.sin_addr);
  conn.reader = HttpResponseReader(spec_.body_size);
  conn.written = 0;
  conn.opened_ns = proc::monotonic_ns();
  if (::connect(conn.fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
    watch(c, EPOLLIN, EPOLL_CTL_ADD);
    on_connected(c);
  } else if (errno == EINPROGRESS) {
    conn.state = State::connecting;
    watch(c, EPOLLOUT, EPOLL_CTL_ADD);
  } else {
    const int error = errno;
    close(c);
    fail(c, result_.connect_failures,
         fmt::format("connect to {}:{}: {}", spec_.host, spec_.port, std::strerror(error)));
  }
}

void LoadThread::close(std::size_t c) {
  Connection& conn = connections_[c];
  if (conn.fd >= 0) ::close(conn.fd);  // closing also drops it from the epoll set
  conn.fd = -1;
  conn.state = State::closed;
}

void LoadThread::reconnect(std::size_t c) {
  close(c);
  ++result_.reconnects;
  open(c);
}

void LoadThread::connect_all() {
  for (std::size_t c = 0; c < connections_.size(); ++c) open(c);
  const std::uint64_t deadline = proc::monotonic_ns() + ns(spec_.connect_timeout);
  auto connecting = [&] {
    return std::any_of(connections_.begin(), connections_.end(),
                       [](const Connection& conn) { return conn.state == State::connecting; });
  };
  while (connecting() && !abandoned_) {
    if (proc::monotonic_ns() >= deadline) {
      for (std::size_t c = 0; c < connections_.size(); ++c)
        if (connections_[c].state == State::connecting) {
          close(c);
          // Named as the refused case is (issue 31: a launcher's network namespace that
          // drops the SYNs said neither where nor why).
          fail(c, result_.connect_failures,
               fmt::format(
                   "connect to {}:{}: {} (no answer within the {} ms connect timeout)", spec_.host,
                   spec_.port, std::strerror(ETIMEDOUT),
                   std::chrono::duration_cast<std::chrono::milliseconds>(spec_.connect_timeout)
                       .count()));
        }
      break;
    }
    wait(deadline);
  }
}

void LoadThread::on_connected(std::size_t c) {
  Connection& conn = connections_[c];
  conn.state = State::ready;
  arm(c);
}

// Every request due inside the window is sent, even after the window closed when its
// connection was still busy then: dropping those would hide exactly the delays an open loop
// is there to measure. Closed loop is due "now", so nothing is sent once the window closed.
void LoadThread::arm(std::size_t c) {
  Connection& conn = connections_[c];
  if (!window_open_ || conn.due_ns >= window_end_ns_) return;
  if (conn.due_ns <= proc::monotonic_ns())
    send(c);
  else
    schedule_.emplace(conn.due_ns, c);
}

void LoadThread::send(std::size_t c) {
  Connection& conn = connections_[c];
  conn.sent_ns = proc::monotonic_ns();
  // Open loop: from the schedule. Closed loop: from the send, or from the connect when each
  // request brings its own connection.
  conn.intended_ns = spec_.rate > 0     ? conn.due_ns
                     : spec_.keep_alive ? conn.sent_ns
                                        : std::max(conn.opened_ns, conn.due_ns);
  conn.written = 0;
  conn.state = State::writing;
  ++result_.sent;
  flush(c);
}

void LoadThread::flush(std::size_t c) {
  Connection& conn = connections_[c];
  while (conn.written < request_.size()) {
    const ssize_t n = ::send(conn.fd, request_.data() + conn.written,
                             request_.size() - conn.written, MSG_NOSIGNAL);
    if (n > 0) {
      conn.written += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      watch(c, EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
      return;
    }
    fail(c, result_.resets, fmt::format("sending a request: {}", std::strerror(errno)));
    reconnect(c);
    return;
  }
  if (conn.state == State::writing) {
    conn.state = State::awaiting;
    watch(c, EPOLLIN, EPOLL_CTL_MOD);
  }
}

void LoadThread::on_event(std::size_t c, std::uint32_t events) {
  Connection& conn = connections_[c];
  if (conn.state == State::connecting) {
    int error = 0;
    socklen_t len = sizeof error;
    ::getsockopt(conn.fd, SOL_SOCKET, SO_ERROR, &error, &len);
    if (error != 0) {
      close(c);
      fail(c, result_.connect_failures,
           fmt::format("connect to {}:{}: {}", spec_.host, spec_.port, std::strerror(error)));
      return;
    }
    watch(c, EPOLLIN, EPOLL_CTL_MOD);
    on_connected(c);
    return;
  }
  if ((events & EPOLLOUT) && conn.state == State::writing) flush(c);
  if (connections_[c].fd >= 0 && (events & (EPOLLIN | EPOLLERR | EPOLLHUP))) on_readable(c);
}

void LoadThread::on_readable(std::size_t c) {
  Connection& conn = connections_[c];
  const ssize_t n = ::read(conn.fd, buffer_.data(), buffer_.size());
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
  if (conn.state == State::closing) {
    if (n > 0) {
      fail(c, result_.malformed, "bytes arrived after a Connection: close response");
    } else if (n < 0) {
      fail(c, result_.resets, fmt::format("read: {}", std::strerror(errno)));
    }
    close(c);
    if (conn.due_ns < window_end_ns_) open(c);
    return;
  }
  if (n <= 0) {
    const bool outstanding = conn.state == State::awaiting || conn.state == State::writing;
    // After the window an idle connection may end quietly; any other close is the server
    // dropping a keep-alive connection (the request in flight, if any, is lost).
    if (!outstanding && !running_) {
      close(c);
      return;
    }
    fail(c, result_.resets,
         n == 0 ? "the server closed the connection"
                : fmt::format("read: {}", std::strerror(errno)));
    if (spec_.rate == 0)
      conn.due_ns = proc::monotonic_ns();
    else if (outstanding)
      conn.due_ns += interval_ns_;
    reconnect(c);
    return;
  }
  const char* data = buffer_.data();
  std::size_t left = static_cast<std::size_t>(n);
  while (left > 0) {
    if (conn.state != State::awaiting && conn.state != State::writing) {
      fail(c, result_.malformed, "bytes arrived with no request outstanding");
      reconnect(c);
      return;
    }
    std::size_t used = 0;
    const auto rc = conn.reader.feed(data, left, used);
    data += used;
    left -= used;
    if (rc == HttpResponseReader::Result::need_more) return;
    if (rc == HttpResponseReader::Result::malformed) {
      fail(c, result_.malformed, conn.reader.error());
      if (spec_.rate > 0) conn.due_ns += interval_ns_;
      reconnect(c);
      return;
    }
    on_response(c, conn.reader.last());
    if (connections_[c].fd < 0 || connections_[c].state == State::connecting) return;
  }
}

void LoadThread::on_response(std::size_t c, const HttpResponseReader::Response& response) {
  Connection& conn = connections_[c];
  const std::uint64_t now = proc::monotonic_ns();
  ++result_.completed;
  if (now < window_end_ns_) ++result_.in_window;
  if (response.status != 200) {
    fail(c, result_.bad_status, fmt::format("the server answered {}", response.status));
  } else if (!response.body_ok) {
    fail(c, result_.malformed,
         fmt::format("the body was not {} bytes of the pattern", spec_.body_size));
  } else {
    result_.latency.record(now > conn.intended_ns ? now - conn.intended_ns : 0);
    if (spec_.rate > 0)
      result_.uncorrected_latency.record(now > conn.sent_ns ? now - conn.sent_ns : 0);
  }
  conn.due_ns = spec_.rate > 0 ? conn.due_ns + interval_ns_ : now;
  conn.state = State::ready;
  if (!spec_.keep_alive) {
    if (!response.close)
      fail(c, result_.malformed, "the server did not answer Connection: close in kind");
    conn.state = State::closing;
    return;
  }
  if (response.close) {
    fail(c, result_.resets, "the server answered a keep-alive request with Connection: close");
    reconnect(c);
    return;
  }
  arm(c);
}

void LoadThread::send_due() {
  const std::uint64_t now = proc::monotonic_ns();
  while (!schedule_.empty() && schedule_.top().first <= now) {
    const auto [due, c] = schedule_.top();
    schedule_.pop();
    // A connection redone since it was scheduled may have a newer entry: only its own
    // current due time sends.
    if (connections_[c].state == State::ready && connections_[c].due_ns == due) send(c);
  }
}

void LoadThread::expire_timeouts() {
  const std::uint64_t now = proc::monotonic_ns();
  for (std::size_t c = 0; c < connections_.size(); ++c) {
    Connection& conn = connections_[c];
    if (conn.state == State::closing && now - conn.sent_ns >= ns(spec_.request_timeout)) {
      fail(c, result_.resets, "the server did not close the connection after Connection: close");
      close(c);
      if (conn.due_ns < window_end_ns_) open(c);
      continue;
    }
    if ((conn.state == State::awaiting || conn.state == State::writing) &&
        now - conn.sent_ns >= ns(spec_.request_timeout)) {
      ++result_.timeouts;
      conn.due_ns = spec_.rate > 0 ? conn.due_ns + interval_ns_ : now;
      reconnect(c);
    }
  }
}

// A request is outstanding, or one due inside the window still waits for its connection
// (being redone, or closing after Connection: close).
bool LoadThread::in_flight() const {
  return std::any_of(connections_.begin(), connections_.end(), [&](const Connection& conn) {
    if (conn.state == State::awaiting || conn.state == State::writing) return true;
    return (conn.state == State::connecting || conn.state == State::closing) &&
           conn.due_ns < window_end_ns_;
  });
}

// Waits for events until `until_ns` at the latest and handles them; returns how many.
int LoadThread::wait(std::uint64_t until_ns) {
  if (spec_.stop_requested()) {
    abandoned_ = true;
    return 0;
  }
  const std::uint64_t now = proc::monotonic_ns();
  const std::uint64_t left = until_ns > now ? until_ns - now : 0;
  const timespec timeout{static_cast<time_t>(left / 1'000'000'000u),
                         static_cast<long>(left % 1'000'000'000u)};
  epoll_event events[kMaxEvents];
  const int n = ::epoll_pwait2(epoll_fd_, events, kMaxEvents, &timeout, nullptr);
  if (n < 0) {
    if (errno == EINTR) return 0;
    throw std::system_error(errno, std::generic_category(), "epoll_pwait2");
  }
  for (int i = 0; i < n; ++i) {
    const std::size_t c = static_cast<std::size_t>(events[i].data.u64);
    if (connections_[c].fd >= 0) on_event(c, events[i].events);
  }
  return n;
}

void LoadThread::run(std::uint64_t t0_ns) {
  window_start_ns_ = t0_ns;
  window_end_ns_ = t0_ns + ns(spec_.duration);
  window_open_ = true;
  running_ = true;
  for (std::size_t c = 0; c < connections_.size(); ++c) {
    // Open loop: connection i starts i/rate into the window, so the requests of all the
    // connections together are evenly spaced at 1/rate.
    connections_[c].due_ns = spec_.rate > 0 ? t0_ns + static_cast<std::uint64_t>(std::llround(
                                                          connections_[c].index / spec_.rate * 1e9))
                                            : t0_ns;
    if (connections_[c].state == State::ready) arm(c);
  }
  std::uint64_t next_scan = proc::monotonic_ns() + kTimeoutScanNs;
  while (!abandoned_ && proc::monotonic_ns() < window_end_ns_) {
    std::uint64_t until = std::min(window_end_ns_, next_scan);
    if (!schedule_.empty()) until = std::min(until, schedule_.top().first);
    wait(until);
    send_due();
    if (proc::monotonic_ns() >= next_scan) {
      expire_timeouts();
      next_scan = proc::monotonic_ns() + kTimeoutScanNs;
    }
  }
  running_ = false;
  result_.seconds = static_cast<double>(window_end_ns_ - window_start_ns_) / 1e9;
  // The drain: requests sent in the window still get their response, or time out.
  const std::uint64_t drain_end = window_end_ns_ + ns(spec_.request_timeout) + kTimeoutScanNs;
  while (!abandoned_ && (in_flight() || !schedule_.empty()) && proc::monotonic_ns() < drain_end) {
    std::uint64_t until = std::min(drain_end, proc::monotonic_ns() + kTimeoutScanNs);
    if (!schedule_.empty()) until = std::min(until, schedule_.top().first);
    wait(until);
    send_due();
    expire_timeouts();
  }
  // Still unanswered when the drain gave up, and (open loop) still owed by a connection that
  // fell behind: counted as timeouts, never dropped.
  for (const Connection& conn : connections_) {
    const bool outstanding = conn.state == State::awaiting || conn.state == State::writing;
    if (outstanding) ++result_.timeouts;
    if (interval_ns_ == 0) continue;
    const std::uint64_t next = outstanding ? conn.due_ns + interval_ns_ : conn.due_ns;
    if (next < window_end_ns_)
      result_.timeouts += (window_end_ns_ - next + interval_ns_ - 1) / interval_ns_;
  }
}

}  // namespace rb::loadgen
