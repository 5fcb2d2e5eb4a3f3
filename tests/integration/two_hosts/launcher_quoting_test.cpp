// remote_runner behind a launcher that goes through a shell (issue 31, item 10). A local
// script named ssh stands for ssh: it hands all its words, joined by spaces, to a shell, as
// ssh does on the remote host, so the runner's quoting is really parsed. A path with a space
// stays one word, a path with `;` runs nothing, and a program that is no runner is named as
// such by the handshake.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <filesystem>

#include "two_hosts_config.h"

namespace {

namespace fs = std::filesystem;

using rbtest::kRrAxes;
using rbtest::kRrOne;
using rbtest::one_round_config;
using rbtest::ScratchDir;

// DIR/bin/ssh: `sh -c "$*"`, ssh's way with its command words.
fs::path fake_ssh(const ScratchDir& dir) {
  fs::create_directories(dir.path() / "bin");
  const fs::path ssh = dir.write("bin/ssh", "#!/bin/sh\nexec /bin/sh -c \"$*\"\n");
  fs::permissions(ssh, fs::perms::owner_all);
  return ssh;
}

std::string launch_through(const fs::path& launcher, const std::string& remote_runner) {
  return fmt::format(
      "server_launcher = [\"{}\"]\nserver_address = \"127.0.0.1:0\"\nremote_runner = \"{}\"",
      launcher.string(), remote_runner);
}

TEST(LauncherQuoting, ARunnerPathWithASpaceIsOneWordForTheRemoteShell) {
  ScratchDir dir;
  fs::create_directories(dir.path() / "with space");
  const fs::path runner = dir.path() / "with space" / "runner";
  fs::create_symlink(RB_RUNNER_EXE, runner);
  const auto run = rbtest::run_config(
      dir, one_round_config(kRrOne, launch_through(fake_ssh(dir), runner.string()), kRrAxes));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
}

TEST(LauncherQuoting, ARunnerPathWithASemicolonRunsNothing) {
  ScratchDir dir;
  const fs::path marker = dir.path() / "marker";
  // Unquoted, the remote shell would run `touch MARKER`, then `__cell --job-stdin` apart.
  const std::string runner = fmt::format("{}/x;touch {};", dir.path().string(), marker.string());
  const auto run = rbtest::run_config(
      dir, one_round_config(kRrOne, launch_through(fake_ssh(dir), runner), kRrAxes));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_FALSE(fs::exists(marker));
  const auto summary = rbtest::summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "failed") << cell.dump();
  const std::string reason = cell.at("reason");
  EXPECT_EQ(reason.rfind(fmt::format("server on `{}`: no runner answered at {} (the launcher "
                                     "exited with status 127)",
                                     (dir.path() / "bin" / "ssh").string(), runner),
                         0),
            0u)
      << reason;
}

TEST(LauncherHandshake, AProgramThatIsNoRunnerIsNamedAsSuch) {
  ScratchDir dir;
  const auto run =
      rbtest::run_config(dir, one_round_config(kRrOne,
                                               "server_launcher = [\"env\"]\nserver_address = "
                                               "\"127.0.0.1:0\"\nremote_runner = \"/bin/true\"",
                                               kRrAxes));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto summary = rbtest::summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "failed") << cell.dump();
  EXPECT_EQ(cell.at("reason"),
            "server on `env`: the remote runner '/bin/true' did not answer the handshake (is it "
            "a reactorbench runner?)");
}

}  // namespace
