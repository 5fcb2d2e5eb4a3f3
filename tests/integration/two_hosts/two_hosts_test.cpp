// Issue 16, items 1-2: a two-process cell's server and client on two "hosts" through role
// launchers ([run] server_launcher / client_launcher). Two network namespaces joined by a
// veth pair stand for the hosts, `ip netns exec` for the launchers: the server binds
// 10.77.0.1 in its namespace, which the client reaches only over the veth from the other
// one (the root namespace has no such address), so a cell that ends ok crossed it. Without
// CAP_NET_ADMIN these tests are skipped with that reason. The `env` launcher (any argv
// prefix on this host) shows the same path where namespaces cannot be made.
#include <gtest/gtest.h>
#include <signal.h>

#include <fmt/format.h>
#include <chrono>
#include <thread>

#include "../pingpong/pingpong_test_support.h"
#include "netns_pair.h"
#include "two_hosts_config.h"

namespace {

using rbtest::kPingpong;
using rbtest::kPingpongAxes;
using rbtest::kRr;
using rbtest::kRrAxes;
using rbtest::launched_config;
using rbtest::NetnsPair;
using rbtest::run_config;
using rbtest::ScratchDir;
using rbtest::summary_of;

std::string netns_launch(const std::string& server_ns, const std::string& client_ns,
                         const std::string& extra = "") {
  return rbtest::netns_launch(server_ns, client_ns, NetnsPair::kServerAddress, extra);
}

// Each role says which machine it ran on, and which plugin file (when it loaded one).
void expect_machine_per_role(const nlohmann::json& cell, bool client_loads_plugin) {
  for (const char* role : {"server", "client"}) {
    const auto& provenance = cell.at("provenance_by_role").at(role);
    EXPECT_FALSE(provenance.at("machine").at("host").get<std::string>().empty()) << role;
    EXPECT_FALSE(provenance.at("machine").at("kernel").get<std::string>().empty()) << role;
    if (std::string(role) == "server" || client_loads_plugin) {
      EXPECT_EQ(provenance.at("sha256").get<std::string>().size(), 64u) << role;
    }
  }
}

TEST(TwoHosts, PingpongVerifiesEveryByteBetweenTwoNamespaces) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  const auto run =
      run_config(dir, launched_config(kPingpong, netns_launch(hosts.server_ns(), hosts.client_ns()),
                                      kPingpongAxes));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = summary_of(dir);
  for (const char* plugin : {"raw-epoll", "libevent2"}) {
    const auto& cell = rbtest::cell_with_plugin(summary, fmt::format("{0}/{0}", plugin));
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_GT(cell.at("metrics").at("mib_per_s").at("median").get<double>(), 0);
    // The server's counters crossed back over its launcher and were checked.
    EXPECT_GT(cell.at("counters_by_role").at("server").at("connections").get<int>(), 0);
    expect_machine_per_role(cell, true);
  }
  EXPECT_TRUE(hosts.pids(hosts.server_ns()).empty());
  EXPECT_TRUE(hosts.pids(hosts.client_ns()).empty());
}

TEST(TwoHosts, RrBetweenTwoNamespaces) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  const auto run = run_config(
      dir, launched_config(kRr, netns_launch(hosts.server_ns(), hosts.client_ns()), kRrAxes));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = summary_of(dir);
  for (const char* plugin : {"raw-epoll", "muduo"}) {
    const auto& cell = rbtest::cell_of(summary, plugin);
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_GT(cell.at("metrics").at("requests_per_s").at("median").get<double>(), 0);
    expect_machine_per_role(cell, false);
  }
}

TEST(TwoHosts, AServerLauncherWithoutTheRunnerThereNamesTheSideAndThePath) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  const auto run =
      run_config(dir, launched_config(kRr,
                                      netns_launch(hosts.server_ns(), hosts.client_ns(),
                                                   "remote_runner = \"/nonexistent/runner\""),
                                      kRrAxes));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto summary = summary_of(dir);
  const auto& cell = rbtest::cell_of(summary, "raw-epoll");
  EXPECT_EQ(cell.at("status"), "failed");
  const std::string reason = cell.at("reason");
  EXPECT_EQ(reason.rfind(fmt::format("server on `ip netns exec {}`: no runner answered at "
                                     "/nonexistent/runner",
                                     hosts.server_ns()),
                         0),
            0u)
      << reason;
}

TEST(TwoHosts, AClientThatCannotReachTheServerSaysWhereItConnected) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  const auto run = run_config(
      dir,
      launched_config(kPingpong, netns_launch(hosts.server_ns(), hosts.lone_ns()), kPingpongAxes));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto summary = summary_of(dir);
  const auto& cell = rbtest::cell_with_plugin(summary, "raw-epoll/raw-epoll");
  const std::string reason = cell.at("reason");
  EXPECT_EQ(reason.rfind(fmt::format("client on `ip netns exec {}`: connect {}:", hosts.lone_ns(),
                                     NetnsPair::kServerAddress),
                         0),
            0u)
      << reason;
  EXPECT_NE(reason.find("Network is unreachable"), std::string::npos) << reason;
  EXPECT_TRUE(hosts.pids(hosts.server_ns()).empty());
}

TEST(TwoHosts, CtrlCEndsBothRemoteSides) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  // A 30 s run: interrupted while both sides serve and load.
  const pid_t runner = rbtest::start_runner(
      rbtest::run_args(dir, "two.toml",
                       launched_config(kRr, netns_launch(hosts.server_ns(), hosts.client_ns()),
                                       "connections = [2]\nload_percent = [0]\nbody_size = "
                                       "[2]\nthreads = [1]\nduration = [\"30s\"]"),
                       RB_TEST_PLUGIN_DIR),
      dir);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (hosts.pids(hosts.client_ns()).empty() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_FALSE(hosts.pids(hosts.client_ns()).empty()) << "the client never started";
  ::kill(runner, SIGINT);
  EXPECT_EQ(rbtest::wait_runner(runner), 130);
  EXPECT_TRUE(hosts.pids(hosts.server_ns()).empty());
  EXPECT_TRUE(hosts.pids(hosts.client_ns()).empty());
  const auto summary = summary_of(dir);
  EXPECT_EQ(rbtest::cell_of(summary, "raw-epoll").at("status"), "interrupted");
}

// Any argv prefix is a launcher: `env` runs both roles here, through the same stdin/stdout
// path, with the server binding its own socket and reporting the port.
TEST(Launchers, AnyPrefixRunsBothRolesThroughTheirStdio) {
  ScratchDir dir;
  const auto run =
      run_config(dir, launched_config(kPingpong,
                                      "server_launcher = [\"env\"]\nclient_launcher = [\"env\", "
                                      "\"RB_LAUNCHED=1\"]\nserver_address = \"127.0.0.1:0\"",
                                      kPingpongAxes));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = summary_of(dir);
  const auto& cell = rbtest::cell_with_plugin(summary, "raw-epoll/raw-epoll");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  expect_machine_per_role(cell, true);
  // The runner cannot read a launched server's /proc: no server figures, rather than the
  // launcher's.
  EXPECT_FALSE(cell.at("metrics").contains("server_cpu_s")) << cell.at("metrics").dump();
}

TEST(Launchers, ALauncherThatIsNotThereNamesTheSide) {
  ScratchDir dir;
  const auto run = run_config(
      dir, launched_config(kRr, "client_launcher = [\"/nonexistent/launcher\"]", kRrAxes));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const std::string reason = rbtest::cell_of(summary_of(dir), "raw-epoll").at("reason");
  EXPECT_EQ(reason.rfind("client on `/nonexistent/launcher`: could not start", 0), 0u) << reason;
}

}  // namespace
