// [run] server_launcher, client_launcher, remote_runner and server_address (issue 16, item
// 1): read into RunSettings, and the errors at file:line:col when a config gets them wrong.
#include <gtest/gtest.h>

#include "config/test_plan.h"

namespace rb::config {
namespace {

constexpr const char* kRr =
    "workload = \"rr\"\nplugins = [\"muduo\"]\n[matrix]\nconnections = [4]\n";

TestPlan plan_with_run(const std::string& run, const char* top = kRr) {
  return parse_plan(std::string(top) + "[run]\n" + run, "l.toml", nullptr, {});
}

std::string launcher_error_of(const std::string& run, const char* top = kRr) {
  try {
    plan_with_run(run, top);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

TEST(LauncherKeys, EachRoleGetsItsPrefixTheRunnerThereAndTheServersAddress) {
  const TestPlan plan = plan_with_run(
      "server_launcher = [\"ssh\", \"-T\", \"bench-b\"]\n"
      "client_launcher = [\"ip\", \"netns\", \"exec\", \"a\"]\n"
      "remote_runner = \"/opt/reactorbench/bin/runner\"\n"
      "server_address = \"10.0.0.2:0\"\n");
  EXPECT_EQ(plan.run.server_launcher, (std::vector<std::string>{"ssh", "-T", "bench-b"}));
  EXPECT_EQ(plan.run.client_launcher, (std::vector<std::string>{"ip", "netns", "exec", "a"}));
  EXPECT_EQ(plan.run.remote_runner, "/opt/reactorbench/bin/runner");
  EXPECT_EQ(plan.run.server_address.host, "10.0.0.2");
  EXPECT_EQ(plan.run.server_address.port, 0);
}

TEST(LauncherKeys, ByDefaultBothRolesRunHereOnLoopback) {
  const TestPlan plan = plan_with_run("repetitions = 2\n");
  EXPECT_TRUE(plan.run.server_launcher.empty());
  EXPECT_TRUE(plan.run.client_launcher.empty());
  EXPECT_EQ(plan.run.remote_runner, "");
  EXPECT_EQ(plan.run.server_address.host, "127.0.0.1");
}

TEST(LauncherKeys, WrongValuesAreRefusedWhereTheyAre) {
  EXPECT_EQ(launcher_error_of("server_launcher = []\n"),
            "l.toml:6:19: server_launcher: the list must not be empty");
  EXPECT_EQ(launcher_error_of("client_launcher = [\"\", \"x\"]\n"),
            "l.toml:6:20: client_launcher: the program (the first element) is empty");
  EXPECT_EQ(launcher_error_of("server_launcher = \"ssh b\"\n"),
            "l.toml:6:19: server_launcher: expected a list, got a string (\"ssh b\"); write "
            "[\"ssh b\"]");
  EXPECT_EQ(launcher_error_of("server_address = \"10.0.0.2\"\n"),
            "l.toml:6:18: server_address '10.0.0.2': expected IPV4:PORT, e.g. 127.0.0.1:8080");
  EXPECT_EQ(launcher_error_of("server_address = \"0.0.0.0:0\"\n"),
            "l.toml:6:18: server_address '0.0.0.0:0': the client connects to it, so give the "
            "server's own address (e.g. \"10.0.0.2:0\"), not 0.0.0.0");
  EXPECT_EQ(launcher_error_of("remote_runner = \"/opt/runner\"\n"),
            "l.toml:6:17: remote_runner names the runner behind a launcher, and there is none: "
            "add server_launcher or client_launcher");
}

TEST(LauncherKeys, AOneProcessWorkloadHasNoRolesToLaunch) {
  EXPECT_EQ(
      launcher_error_of("client_launcher = [\"env\"]\n",
                        "workload = \"flower\"\nplugins = [\"muduo\"]\n[matrix]\npipes = [10]\n"),
      "l.toml:6:19: client_launcher: workload 'flower' runs in one process; the key is "
      "for workloads with a server and a client process (pingpong, rr)");
}

TEST(LauncherKeys, AServerLauncherCannotGoWithAServerThatIsNotAPlugin) {
  EXPECT_EQ(launcher_error_of("server_launcher = [\"env\"]\ntarget = \"10.0.0.2:80\"\n",
                              "workload = \"rr\"\n[matrix]\nconnections = [4]\n"),
            "l.toml:5:19: server_launcher starts the runner's own server there, and the server "
            "'10.0.0.2:80' is not one of its plugins (a program or target runs where it is "
            "given); drop one of them");
}

}  // namespace
}  // namespace rb::config
