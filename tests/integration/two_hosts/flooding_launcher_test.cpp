// A launcher that floods its output (issue 31, item 9): `yes` as the server's launcher never
// stops writing to the report pipe. The round's timeout still fires, saying what the
// launcher sent, and SIGTERM still ends the run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <chrono>
#include <filesystem>
#include <thread>

#include "../pingpong/pingpong_test_support.h"
#include "two_hosts_config.h"

namespace {

using rbtest::ScratchDir;

using rbtest::kRrAxes;
using rbtest::kRrOne;
using rbtest::one_round_config;

// `--`: the runner's path and arguments follow, which yes repeats as they are.
constexpr const char* kYesLauncher =
    "server_launcher = [\"yes\", \"--\"]\nserver_address = \"127.0.0.1:0\"";

// The runner's exit status, or -1 (after SIGKILL) when it has not ended within `bound`: a
// hang fails the test instead of holding it.
int exit_within(pid_t pid, std::chrono::seconds bound) {
  const auto until = std::chrono::steady_clock::now() + bound;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() >= until) {
      ::kill(pid, SIGKILL);
      rbtest::wait_runner(pid);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool server_log_exists(const std::filesystem::path& logs) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(logs, ec))
    if (entry.path().string().ends_with("-server.log")) return true;
  return false;
}

TEST(FloodingLauncher, TheRoundStillTimesOutAndSaysWhatTheLauncherSent) {
  ScratchDir dir;
  const auto run =
      rbtest::run_config(dir, one_round_config(kRrOne, kYesLauncher, kRrAxes, "1500ms"));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto summary = rbtest::summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "timeout") << cell.dump();
  const std::string reason = cell.at("reason");
  EXPECT_EQ(reason.rfind("no result within the timeout of ", 0), 0u) << reason;
  EXPECT_TRUE(rbtest::contains(reason,
                               " ms (the server had not reported ready); server on `yes "
                               "--`: "))
      << reason;
  EXPECT_TRUE(rbtest::contains(reason, fmt::format("unreadable report lines from the cell's "
                                                   "process, the first: '{} __cell --job-stdin'",
                                                   RB_RUNNER_EXE)))
      << reason;
}

TEST(FloodingLauncher, SigtermStillEndsTheRun) {
  ScratchDir dir;
  const pid_t runner = rbtest::start_runner(
      rbtest::run_args(dir, "two.toml", one_round_config(kRrOne, kYesLauncher, kRrAxes, "600s"),
                       RB_TEST_PLUGIN_DIR),
      dir);
  // Until the runner reads the flood: the round's server log exists once the launcher starts.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!server_log_exists(dir.path() / "out" / "logs") &&
         std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(server_log_exists(dir.path() / "out" / "logs")) << "the round never started";
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(runner, SIGTERM);
  EXPECT_EQ(exit_within(runner, std::chrono::seconds(60)), 130);
  const auto summary = rbtest::summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "interrupted") << cell.dump();
}

}  // namespace
