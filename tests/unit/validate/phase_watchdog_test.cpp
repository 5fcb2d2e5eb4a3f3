// The phase watchdog: a guarded call that returns (or throws) leaves no deadline behind; one
// that overruns ends its process with exactly one "failed" line naming the phase.
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "exec/cell_worker.h"
#include "workload/checks/phase_watchdog.h"

namespace rb::workload {
namespace {

using namespace std::chrono_literals;

bool timer_armed() {
  itimerval timer{};
  ::getitimer(ITIMER_REAL, &timer);
  return timer.it_value.tv_sec != 0 || timer.it_value.tv_usec != 0;
}

TEST(PhaseWatchdog, GuardReturnsTheValueAndDisarms) {
  PhaseWatchdog watchdog(-1, 60s);
  EXPECT_EQ(watchdog.guard("counters", [] { return 42; }), 42);
  EXPECT_FALSE(timer_armed());
  std::string text = "kept";
  std::string& ref = watchdog.guard("prepare", [&]() -> std::string& { return text; });
  EXPECT_EQ(&ref, &text);
  EXPECT_FALSE(timer_armed());
}

TEST(PhaseWatchdog, GuardDisarmsWhenTheCallThrows) {
  PhaseWatchdog watchdog(-1, 60s);
  EXPECT_THROW(watchdog.guard("prepare", []() -> int { throw std::runtime_error("refused"); }),
               std::runtime_error);
  EXPECT_FALSE(timer_armed());
}

TEST(PhaseWatchdog, LimitIsAtLeastOneMillisecond) {
  EXPECT_EQ(PhaseWatchdog(-1, 0ms).limit(), 1ms);
  EXPECT_EQ(PhaseWatchdog(-1, 250ms).limit(), 250ms);
}

struct Overrun {
  int exit_code = -1;
  std::string report;  // everything the process wrote to its report fd
};

// A child process whose guarded phase never returns.
Overrun overrun(std::string_view phase, std::chrono::milliseconds limit, std::string text) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fds[0]);
    PhaseWatchdog watchdog(pipe_fds[1], limit);
    watchdog.guard(
        phase,
        [] {
          while (true) ::pause();
        },
        std::move(text));
    ::_exit(99);
  }
  ::close(pipe_fds[1]);
  Overrun result;
  char buffer[1024];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    result.report.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

std::size_t lines_in(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(PhaseWatchdog, OverrunWritesOneFailedLineAndExitsAsAFailedCell) {
  const Overrun result = overrun("dispatch", 20ms, "");
  EXPECT_EQ(result.exit_code, exec::kWorkerCellFailed);
  ASSERT_EQ(lines_in(result.report), 1u) << result.report;
  ASSERT_EQ(result.report.back(), '\n');
  const auto line = nlohmann::json::parse(result.report);
  EXPECT_EQ(line.at("type"), "failed");
  EXPECT_EQ(line.at("reason"), "dispatch did not return within 20 ms (phase watchdog)");
}

TEST(PhaseWatchdog, OverrunSaysTheCustomText) {
  const Overrun result = overrun("serve", 20ms, "serve ignored stop_fd");
  EXPECT_EQ(result.exit_code, exec::kWorkerCellFailed);
  ASSERT_EQ(lines_in(result.report), 1u) << result.report;
  EXPECT_EQ(nlohmann::json::parse(result.report).at("reason"), "serve ignored stop_fd");
}

TEST(PhaseWatchdog, ALongReasonIsShortenedToOneWholeLine) {
  const Overrun result = overrun("run", 20ms, std::string(10000, 'a') + "\xc3\xa9 tail");
  EXPECT_EQ(result.exit_code, exec::kWorkerCellFailed);
  EXPECT_LE(result.report.size(), 4096u);
  ASSERT_EQ(lines_in(result.report), 1u);
  ASSERT_EQ(result.report.back(), '\n');
  const std::string reason = nlohmann::json::parse(result.report).at("reason");
  EXPECT_EQ(reason.rfind("aaaa", 0), 0u);
  EXPECT_EQ(reason.substr(reason.size() - 3), "...");
}

// Control characters escape to six bytes each, past what shortening the reason can save:
// the line is cut, and still ends the way the parent reads lines.
TEST(PhaseWatchdog, AMessageCutShortKeepsItsNewline) {
  const Overrun result = overrun("run", 20ms, std::string(5000, '\x01'));
  EXPECT_EQ(result.exit_code, exec::kWorkerCellFailed);
  EXPECT_EQ(result.report.size(), 4096u);
  EXPECT_EQ(lines_in(result.report), 1u);
  EXPECT_EQ(result.report.back(), '\n');
}

}  // namespace
}  // namespace rb::workload
