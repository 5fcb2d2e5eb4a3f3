// [servers.NAME] command and [run] server_command: the runner starts a program as a cell's
// server, pinned, with {port} and the cell's axes filled in; starts the client once the port
// accepts; measures the program's CPU and RSS from /proc; stops it after the round. And the
// three ways a program fails to serve, each named in the cell's reason.
#include <sched.h>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../pingpong/pingpong_test_support.h"
#include "python_peers.h"

namespace {

using rbtest::ScratchDir;

int first_allowed_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  ::sched_getaffinity(0, sizeof set, &set);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) return cpu;
  return 0;
}

TEST(ServerCommand, APythonEchoServerJoinsThePluginsInOneTable) {
  rbtest::adopt_orphans();
  ScratchDir dir;
  const auto info = dir.path() / "echo.json";
  const int cpu = first_allowed_cpu();
  const std::string config =
      fmt::format(R"(workload = "pingpong"
[run]
repetitions = 2
warmup = 0
rounds = 1
timeout = "30s"
server_cpus = [{}]
[matrix]
server = ["pyecho", "raw-epoll"]
client = ["raw-epoll"]
block_size = [4096]
sessions = [4]
threads = [2]
duration = ["300ms"]
verify = ["all"]
[servers.pyecho]
command = ["python3", "{}", "{{port}}", "{}", "threads={{threads}}"]
)",
                  cpu, rbtest::write_echo_server(dir).string(), info.string());
  const auto run =
      rbtest::run_runner(rbtest::run_args(dir, "cmd.toml", config, RB_TEST_PLUGIN_DIR));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto summary = rbtest::read_json(dir.path() / "out" / "summary.json");
  const auto& cell = rbtest::cell_of(summary, "pyecho/raw-epoll");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_EQ(rbtest::cell_of(summary, "raw-epoll/raw-epoll").at("status"), "ok");
  EXPECT_EQ(cell.at("server_command").at(0), "python3");
  // Measured from /proc like a plugin's server.
  const auto& metrics = cell.at("metrics");
  EXPECT_TRUE(metrics.contains("server_cpu_s")) << metrics.dump();
  EXPECT_GT(metrics.at("server_peak_rss_kib").at("median").get<double>(), 0) << metrics.dump();

  // The program saw its placeholders filled and ran on the server's CPU.
  const auto seen = rbtest::read_json(info);
  const int port = seen.at("port");
  EXPECT_EQ(seen.at("argv"), (nlohmann::json{std::to_string(port), info.string(), "threads=2"}));
  EXPECT_EQ(seen.at("cpus"), nlohmann::json{cpu});
  // Every echoed byte went to the client (the readiness probes carry none).
  EXPECT_EQ(rbtest::echoed_per_connection(info).size(), 8u);
  // Stopped after the round, nothing left behind.
  EXPECT_FALSE(rbtest::port_accepts(static_cast<std::uint16_t>(port)));
  EXPECT_TRUE(rbtest::no_orphans());
}

TEST(ServerCommand, RrAgainstPythonsHttpServerStartedPerRound) {
  ScratchDir dir;
  const std::string config = fmt::format(R"(workload = "rr"
[run]
repetitions = 1
warmup = 0
rounds = 1
timeout = "30s"
server_command = ["python3", "-m", "http.server", "--bind", "{{host}}", "--protocol", "HTTP/1.1",
                  "--directory", "{}", "{{port}}"]
[matrix]
connections = [2]
body_size = [64]
duration = ["300ms"]
)",
                                         rbtest::write_rr_site(dir, 64).string());
  const auto run = rbtest::run_runner(rbtest::run_args(dir, "rr.toml", config, RB_TEST_PLUGIN_DIR));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto summary = rbtest::read_json(dir.path() / "out" / "summary.json");
  const auto& cell = rbtest::cell_of(summary, "python3");
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  EXPECT_TRUE(cell.at("metrics").contains("server_cpu_us_per_request")) << cell.dump();
}

TEST(ServerCommand, AProgramThatCannotServeFailsItsCellWithTheCommandNamed) {
  rbtest::adopt_orphans();
  ScratchDir dir;
  const std::string config = R"TOML(workload = "rr"
plugins = ["missing", "early", "silent", "raw-epoll"]
[run]
repetitions = 1
warmup = 0
rounds = 1
timeout = "2s"
[matrix]
connections = [1]
duration = ["100ms"]
request_timeout = ["100ms"]
[servers.missing]
command = ["no-such-program-rb16", "{port}"]
[servers.early]
command = ["python3", "-c", "import sys; print('cannot parse', sys.argv[1]); sys.exit(3)", "{port}"]
[servers.silent]
command = ["python3", "-c", "import time; time.sleep(60)", "{port}"]
)TOML";
  const auto run =
      rbtest::run_runner(rbtest::run_args(dir, "bad.toml", config, RB_TEST_PLUGIN_DIR));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto summary = rbtest::read_json(dir.path() / "out" / "summary.json");
  const auto reason_of = [&](const char* label) {
    const auto& cell = rbtest::cell_of(summary, label);
    EXPECT_EQ(cell.at("status"), "failed") << cell.dump();
    return cell.at("reason").get<std::string>();
  };
  const std::string missing = reason_of("missing");
  EXPECT_NE(missing.find("server: cannot start `no-such-program-rb16 "), std::string::npos)
      << missing;
  EXPECT_NE(missing.find("No such file or directory"), std::string::npos) << missing;
  const std::string early = reason_of("early");
  EXPECT_NE(early.find("server: `python3 -c"), std::string::npos) << early;
  EXPECT_NE(early.find("exited with status 3 before it was asked to stop; last output: cannot "
                       "parse "),
            std::string::npos)
      << early;
  const std::string silent = reason_of("silent");
  EXPECT_NE(silent.find("server: `python3 -c 'import time; time.sleep(60)' "), std::string::npos)
      << silent;
  EXPECT_NE(silent.find("did not accept connections on 127.0.0.1:"), std::string::npos) << silent;
  EXPECT_EQ(rbtest::cell_of(summary, "raw-epoll").at("status"), "ok");
  EXPECT_TRUE(rbtest::no_orphans());
}

}  // namespace
