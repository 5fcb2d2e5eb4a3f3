// A server_command that leaves its process group (issue 31, item 8): one that daemonizes
// (fork, setsid, fork) and one that starts a setsid child. Each writes its escaped process's
// pid to a file; after the run no such process is left, whichever way the runner holds the
// tree: a cgroup of its own (where cgroups are writable) or the runner as subreaper
// (REACTORBENCH_NO_CGROUPS=1, as where they are not).
#include <signal.h>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>
#include <fstream>

#include "two_hosts_config.h"

namespace {

namespace fs = std::filesystem;

using rbtest::ScratchDir;

// The escaped process writes its pid to PIDFILE (atomically); the server's own process
// waits for it, then `main_then` (exit at once, or sleep on without serving). The `: {port}`
// is there because a server command must take its port.
std::string server_config(const fs::path& pidfile, const std::string& escape,
                          const std::string& main_then) {
  const std::string write_pid =
      fmt::format("echo $$ > {0}.tmp && mv {0}.tmp {0}; exec sleep 300", pidfile.string());
  const std::string script =
      fmt::format("{}\n: {{port}}\nwhile [ ! -s {} ]; do sleep 0.01; done\n{}",
                  fmt::format(fmt::runtime(escape), write_pid), pidfile.string(), main_then);
  nlohmann::json command = {"sh", "-c", script};
  return fmt::format(R"(workload = "rr"
plugins = ["escaper"]
[run]
repetitions = 1
warmup = 0
rounds = 1
timeout = "3s"
[matrix]
{1}
[servers.escaper]
command = {0}
)",
                     command.dump(), rbtest::kRrAxes);
}

// Daemonizing: a subshell forks the escaping process into a new session and exits.
constexpr const char* kDaemon = "(setsid sh -c '{}' &)";
// A child in a session of its own beside a server that stays.
constexpr const char* kSetsidChild = "setsid sh -c '{}' &";

// Alive: /proc has it and it is not a zombie waiting for its parent's wait.
bool alive(pid_t pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

void expect_nothing_left(const std::string& escape, const std::string& main_then,
                         bool without_cgroups) {
  ScratchDir dir;
  const fs::path pidfile = dir.path() / "escaped.pid";
  std::vector<std::string> args;
  if (without_cgroups) args.push_back("REACTORBENCH_NO_CGROUPS=1");
  args.push_back(RB_RUNNER_EXE);
  for (auto& arg : rbtest::run_args(dir, "leftover.toml", server_config(pidfile, escape, main_then),
                                    RB_TEST_PLUGIN_DIR))
    args.push_back(std::move(arg));
  const auto run = rbtest::run_program("/usr/bin/env", args);
  EXPECT_EQ(run.exit_code, 1) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir);
  ASSERT_EQ(summary.at("cells").size(), 1u) << summary.dump();
  EXPECT_EQ(summary.at("cells").at(0).at("status"), "failed") << summary.dump();
  std::ifstream in(pidfile);
  pid_t escaped = 0;
  ASSERT_TRUE(in >> escaped) << "the escaping process never wrote its pid";
  const bool left = alive(escaped);
  if (left) ::kill(escaped, SIGKILL);
  EXPECT_FALSE(left) << "process " << escaped << " outlived the run";
}

TEST(LeftoverProcesses, ADaemonizingServerCommandLeavesNothing) {
  expect_nothing_left(kDaemon, "exit 0", false);
}

TEST(LeftoverProcesses, ADaemonizingServerCommandLeavesNothingWithoutCgroups) {
  expect_nothing_left(kDaemon, "exit 0", true);
}

TEST(LeftoverProcesses, ASetsidChildOfAServerCommandIsEndedWithIt) {
  expect_nothing_left(kSetsidChild, "exec sleep 300", false);
}

TEST(LeftoverProcesses, ASetsidChildOfAServerCommandIsEndedWithItWithoutCgroups) {
  expect_nothing_left(kSetsidChild, "exec sleep 300", true);
}

}  // namespace
