#include "workload/checks/phase_watchdog.h"

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "workload/workload.h"

namespace rb::workload {
namespace {

// The signal handler may only use what is prepared before the phase starts: the message is
// formatted into this buffer by arm(), and the handler just writes it and exits.
char g_message[4096];
std::size_t g_message_length = 0;
int g_report_fd = -1;

void on_overrun(int) {
  const char* rest = g_message;
  std::size_t left = g_message_length;
  while (left > 0) {
    const ssize_t n = ::write(g_report_fd, rest, left);
    if (n <= 0) break;
    rest += n;
    left -= static_cast<std::size_t>(n);
  }
  ::_exit(kWorkerCellFailed);
}

// The same line ChildStreamWriter::failed() sends (exec/child_stream.h), at most `capacity` bytes.
// A reason too long for that is shortened rather than the line cut, so the parent still reads
// one whole JSON line; the hard cut, newline kept, is the last resort.
std::string failed_line(std::string reason, std::size_t capacity) {
  const auto dump = [](const std::string& text) {
    return nlohmann::json{{"type", "failed"}, {"reason", text}}.dump(
               -1, ' ', false, nlohmann::json::error_handler_t::replace) +
           "\n";
  };
  std::string line = dump(reason);
  if (line.size() > capacity && reason.size() > line.size() - capacity + 3) {
    reason.resize(reason.size() - (line.size() - capacity) - 3);
    // Not inside a UTF-8 sequence: its remains would become a longer replacement character.
    while (!reason.empty() && (static_cast<unsigned char>(reason.back()) & 0x80) != 0) {
      const bool lead = (static_cast<unsigned char>(reason.back()) & 0xC0) == 0xC0;
      reason.pop_back();
      if (lead) break;
    }
    line = dump(reason + "...");
  }
  if (line.size() > capacity) {
    line.resize(capacity - 1);
    line += '\n';
  }
  return line;
}

void set_timer(std::chrono::milliseconds delay) {
  itimerval timer{};
  timer.it_value.tv_sec = static_cast<time_t>(delay.count() / 1000);
  timer.it_value.tv_usec = static_cast<suseconds_t>((delay.count() % 1000) * 1000);
  ::setitimer(ITIMER_REAL, &timer, nullptr);
}

}  // namespace

PhaseWatchdog::PhaseWatchdog(int report_fd, std::chrono::milliseconds limit)
    : limit_(std::max(limit, std::chrono::milliseconds(1))) {
  g_report_fd = report_fd;
  struct sigaction action {};
  action.sa_handler = on_overrun;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGALRM, &action, nullptr);
}

PhaseWatchdog::~PhaseWatchdog() {
  disarm();
}

void PhaseWatchdog::arm(std::string_view phase, std::string overrun) {
  if (overrun.empty())
    overrun = fmt::format("{} did not return within {} ms (phase watchdog)", phase, limit_.count());
  const std::string line = failed_line(overrun, sizeof g_message);
  g_message_length = line.size();
  std::memcpy(g_message, line.data(), g_message_length);
  set_timer(limit_);
}

void PhaseWatchdog::disarm() {
  set_timer(std::chrono::milliseconds(0));
}

}  // namespace rb::workload
