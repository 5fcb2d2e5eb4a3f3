// scripts/reference-clients with the real runner: our raw-epoll client and a stand-in reference
// client (a script that checks its arguments and prints "N MiB/s"), both against a stand-in
// reference server (`runner serve` of raw-epoll). Behaviour only: the pair's line, the ratio
// lines, the config the runner got and the refusals; no throughput's value but the stand-in's.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "run_helpers.h"
#include "shell_run.h"

namespace {

using rbtest::ScratchDir;

// A stand-in reference client: exits 2 unless called as `PORT 4096 2 1`, then prints `output`.
std::string fake_client(const ScratchDir& dir, const std::string& output) {
  std::ostringstream script;
  script << "#!/bin/sh\n"
         << "case \"$*\" in [0-9]*' 4096 2 1') ;; *) echo \"bad arguments: $*\"; exit 2;; esac\n"
         << "echo '" << output << "'\n";
  const auto path = dir.write("fake-client", script.str());
  ::chmod(path.c_str(), 0755);
  return path.string();
}

rbtest::ShellRun reference_clients(const ScratchDir& dir, const std::string& args) {
  const std::string server = std::string(RB_RUNNER_EXE) + " serve --workload pingpong --plugin " +
                             RB_RAW_EPOLL_SO + " --listen 127.0.0.1:{port}";
  const std::string command = std::string("python3 ") + RB_REFERENCE_CLIENTS + " --runner " +
                              RB_RUNNER_EXE + " --server '" + server + "' --clients raw-epoll" +
                              " --block-size 4096 --sessions 2 --seconds 1 --runs 1 --pairs 1" +
                              " --out " + (dir.path() / "runs").string() + " " + args + " 2>&1";
  return rbtest::run_shell(command);
}

TEST(ReferenceClients, PrintsEachPairAndTheMedianRatioOfOursToTheReference) {
  ScratchDir dir;
  const auto client = fake_client(dir, "12.5 MiB/s throughput");
  const rbtest::ShellRun result = reference_clients(
      dir, "--reference 'stand_in=" + client + " {port} {block_size} {sessions} {seconds}'");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  EXPECT_TRUE(std::regex_search(
      result.out, std::regex(R"(pair 1 \(load [0-9. ]+\): MiB/s raw-epoll=[0-9]+ stand_in=12\n)")))
      << result.out;
  EXPECT_TRUE(std::regex_search(
      result.out,
      std::regex(
          R"(raw-epoll / stand_in: pairs [0-9.]+; median [0-9.]+, 95% CI \[[0-9.]+, [0-9.]+\]\n)")))
      << result.out;
  // Our client ran against the reference server, as a [servers.NAME] program, pinned.
  std::stringstream config;
  config << std::ifstream(dir.path() / "runs" / "pair-0.toml").rdbuf();
  EXPECT_NE(config.str().find("client = [\"raw-epoll\"]"), std::string::npos) << config.str();
  EXPECT_NE(config.str().find("[servers.reference]\ncommand = [\"" + std::string(RB_RUNNER_EXE) +
                              "\", \"serve\""),
            std::string::npos)
      << config.str();
  EXPECT_NE(config.str().find("server_cpus = [0]\nclient_cpus = [1]"), std::string::npos);
}

TEST(ReferenceClients, RefusesAClientThatPrintsNoThroughput) {
  ScratchDir dir;
  const auto client = fake_client(dir, "done");
  const rbtest::ShellRun result =
      reference_clients(dir, "--reference 'quiet=" + client + " {port} 4096 2 1'");
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_TRUE(std::regex_search(
      result.out, std::regex("reference-clients: quiet: `" + client +
                             R"( [0-9]+ 4096 2 1` exited 0 without an "N MiB/s" line:\ndone\n)")))
      << result.out;
}

TEST(ReferenceClients, NeedsAReferenceClientAndAPortInTheServersCommand) {
  ScratchDir dir;
  rbtest::ShellRun result = reference_clients(dir, "");
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_NE(result.out.find("give at least one --reference NAME='COMMAND'"), std::string::npos)
      << result.out;
  result = reference_clients(dir, "--reference x=y --server 'srv 127.0.0.1 9000'");
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_NE(result.out.find("--server needs {port} where the server takes its port"),
            std::string::npos)
      << result.out;
}

}  // namespace
