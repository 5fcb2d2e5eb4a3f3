// Either side of a pingpong cell failing: the cell says which side and why, and in every
// outcome (client crash, server crash, a server that ignores the stop, the deadline, Ctrl-C)
// the runner leaves no process behind and the server's port closed.
#include <gtest/gtest.h>

#include <signal.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "pingpong_test_support.h"

namespace {

using rbtest::PingpongConfig;
using rbtest::read_json;
using rbtest::run_runner;
using rbtest::ScratchDir;

std::string reason_of(const nlohmann::json& cell) {
  return cell.at("reason").get<std::string>();
}

class PingpongFailure : public ::testing::Test {
 protected:
  void SetUp() override { rbtest::adopt_orphans(); }

  // A faulty server (writing its port to a file) against `client`.
  PingpongConfig faulty_server(const std::string& client, const std::string& options) const {
    PingpongConfig config;
    config.pairing = "";
    config.matrix = "server = [\"pingpong-faulty\"]\nclient = [\"" + client +
                    "\"]\nblock_size = [4096]\nsessions = [4]\nduration = [\"300ms\"]";
    config.plugin_options = "[plugin_options.pingpong-faulty]\nport_file = \"" +
                            port_file().string() + "\"\n" + options;
    return config;
  }

  // The same faulty server against each real client.
  PingpongConfig faulty_server_for_every_client(const std::string& options) const {
    PingpongConfig config = faulty_server("raw-epoll", options);
    config.matrix.replace(config.matrix.find("[\"raw-epoll\"]"), 13,
                          R"(["raw-epoll", "libevent2", "muduo"])");
    return config;
  }

  std::filesystem::path port_file() const { return dir_.path() / "port"; }
  nlohmann::json summary() const { return read_json(dir_.path() / "out" / "summary.json"); }

  // Runs config; the runner must exit 1 (a cell failed).
  void run_failing(const PingpongConfig& config) {
    const auto result = run_runner(rbtest::pingpong_args(dir_, config));
    EXPECT_EQ(result.exit_code, 1) << result.err;
  }

  // Runs config, whose one cell must end with `status` (the runner exits 1): its reason.
  std::string only_cell_ended(const PingpongConfig& config, const std::string& status) {
    run_failing(config);
    const auto cell = rbtest::only_cell(summary());
    EXPECT_EQ(cell.at("status"), status);
    return reason_of(cell);
  }

  // Runs config (a faulty server for every client): the runner exits 1 and every cell of the
  // three failed. Each cell's plugin and reason; none when the summary does not hold three.
  std::vector<std::pair<std::string, std::string>> every_cell_failed(const PingpongConfig& config) {
    run_failing(config);
    const auto all = summary();
    std::vector<std::pair<std::string, std::string>> failed;
    EXPECT_EQ(all.at("cells").size(), 3u);
    if (all.at("cells").size() != 3u) return failed;
    for (const auto& cell : all.at("cells")) {
      const auto plugin = cell.at("plugin").get<std::string>();
      EXPECT_EQ(cell.at("status"), "failed") << plugin;
      failed.emplace_back(plugin, reason_of(cell));
    }
    return failed;
  }

  void expect_cleaned_up() const {
    EXPECT_TRUE(rbtest::no_orphans()) << "a cell process outlived the runner";
    const auto port = rbtest::read_port_file(port_file(), std::chrono::milliseconds(0));
    ASSERT_TRUE(port.has_value()) << "the test server never wrote its port";
    EXPECT_FALSE(rbtest::port_accepts(*port)) << "port " << *port << " still accepts";
  }

  ScratchDir dir_;
};

TEST_F(PingpongFailure, ServerClosingEarlyFailsTheCellForEveryClient) {
  PingpongConfig config = faulty_server_for_every_client("close_after_bytes = 8192\n");
  for (const auto& [plugin, reason] : every_cell_failed(config)) {
    SCOPED_TRACE(plugin);
    EXPECT_NE(reason.find("client: run 0: 0 of 4 sessions could not connect and 4 were "
                          "closed or reset by the server"),
              std::string::npos)
        << reason;
  }
  expect_cleaned_up();
}

TEST_F(PingpongFailure, CorruptedEchoFailsTheCellNamingTheFirstMismatch) {
  // Byte 5000 of every echoed stream is flipped: 5000 % 128 = 8 comes back as ~8 = 247.
  PingpongConfig config = faulty_server_for_every_client("corrupt_at = 5000\n");
  config.matrix += "\nverify = [\"all\"]";
  for (const auto& [plugin, reason] : every_cell_failed(config)) {
    SCOPED_TRACE(plugin);
    EXPECT_EQ(reason.rfind("client: run 0: ", 0), 0u) << reason;
    EXPECT_NE(reason.find("echoed bytes differed from the pattern"), std::string::npos) << reason;
    EXPECT_NE(reason.find("; the first in session "), std::string::npos) << reason;
    EXPECT_NE(reason.find(" at stream offset 5000: expected 8, got 247"), std::string::npos)
        << reason;
  }
  expect_cleaned_up();
}

TEST_F(PingpongFailure, RefusedConnectionsFailTheCellWithTheirCount) {
  // The server stops listening before the client starts: all 4 connects are refused.
  PingpongConfig config = faulty_server_for_every_client("close_listener = 1\n");
  for (const auto& [plugin, reason] : every_cell_failed(config)) {
    SCOPED_TRACE(plugin);
    EXPECT_EQ(reason.rfind("client: run 0: 4 of 4 sessions could not connect and 0 were "
                           "closed or reset by the server",
                           0),
              0u)
        << reason;
  }
  expect_cleaned_up();
}

TEST_F(PingpongFailure, ClientCrashStopsTheServerAndClosesThePort) {
  PingpongConfig config = faulty_server("pingpong-faulty", "client_crash = 1\n");
  const std::string reason = only_cell_ended(config, "crashed");
  EXPECT_EQ(reason.rfind("client: killed by signal 11", 0), 0u) << reason;
  expect_cleaned_up();
}

TEST_F(PingpongFailure, ServerCrashStopsTheClient) {
  PingpongConfig config = faulty_server("raw-epoll", "server_crash_after_ms = 200\n");
  config.matrix.replace(config.matrix.find("300ms"), 5, "30s");
  const std::string reason = only_cell_ended(config, "crashed");
  EXPECT_EQ(reason.rfind("server: killed by signal 11", 0), 0u) << reason;
  expect_cleaned_up();
}

TEST_F(PingpongFailure, ServerIgnoringTheStopIsKilled) {
  PingpongConfig config = faulty_server("raw-epoll", "ignore_stop = 1\n");
  const std::string reason = only_cell_ended(config, "timeout");
  EXPECT_NE(reason.find("server: did not stop"), std::string::npos) << reason;
  expect_cleaned_up();
}

TEST_F(PingpongFailure, DeadlineStopsBothSides) {
  // The server never closes a session, so the client waits past the round's deadline.
  PingpongConfig config = faulty_server("raw-epoll", "hold_open = 1\n");
  config.timeout = "1s";
  const std::string reason = only_cell_ended(config, "timeout");
  EXPECT_NE(reason.find("the client was still running"), std::string::npos) << reason;
  expect_cleaned_up();
}

TEST_F(PingpongFailure, InterruptStopsBothSides) {
  PingpongConfig config = faulty_server("raw-epoll", "");
  config.matrix.replace(config.matrix.find("300ms"), 5, "30s");
  const pid_t runner = rbtest::start_runner(rbtest::pingpong_args(dir_, config), dir_);
  ASSERT_TRUE(rbtest::read_port_file(port_file(), std::chrono::seconds(20)).has_value());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the client is running now
  ::kill(runner, SIGINT);
  EXPECT_EQ(rbtest::wait_runner(runner), 130);
  EXPECT_EQ(rbtest::only_cell(summary()).at("status"), "interrupted");
  expect_cleaned_up();
}

}  // namespace
