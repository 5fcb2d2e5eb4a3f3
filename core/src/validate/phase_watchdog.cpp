#include "validate/phase_watchdog.h"

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "exec/cell_worker.h"

namespace rb::validate {
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
  ::_exit(exec::kWorkerCellFailed);
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
  // The same line ChildReporter::failed() sends (exec/child_report.h).
  const std::string line = nlohmann::json{{"type", "failed"}, {"reason", overrun}}.dump(
                               -1, ' ', false, nlohmann::json::error_handler_t::replace) +
                           "\n";
  g_message_length = std::min(line.size(), sizeof g_message);
  std::memcpy(g_message, line.data(), g_message_length);
  set_timer(limit_);
}

void PhaseWatchdog::disarm() {
  set_timer(std::chrono::milliseconds(0));
}

}  // namespace rb::validate
