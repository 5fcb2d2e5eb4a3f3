// [run] target: the client side drives a server the runner does not start. Our pingpong
// clients against a Python asyncio echo server (verify = "all": every echoed byte checked),
// and rr's load generator against `python3 -m http.server` serving a file of known size and
// content (the generator checks every body).
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <chrono>
#include <nlohmann/json.hpp>
#include <numeric>
#include <regex>
#include <thread>

#include "../pingpong/pingpong_test_support.h"
#include "python_peers.h"

namespace {

using rbtest::BackgroundProgram;
using rbtest::ScratchDir;

constexpr const char* kClients[] = {"raw-epoll", "libevent2", "muduo",         "epoll-add-always",
                                    "libev",     "libuv",     "asio-callback", "asio-coroutine"};

// The port a server printed on its output, waiting for it.
int printed_port(const std::filesystem::path& out, const std::regex& pattern) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < until) {
    std::smatch match;
    const std::string text = rbtest::file_contents(out);
    if (std::regex_search(text, match, pattern)) return std::stoi(match[1]);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return 0;
}

std::uint64_t counter_sum(const std::filesystem::path& samples, const std::string& name) {
  std::uint64_t total = 0;
  for (const auto& line : rbtest::read_sample_lines(samples)) {
    const auto sample = nlohmann::json::parse(line);
    if (sample.contains("counters") && sample["counters"].contains(name))
      total += sample["counters"][name].get<std::uint64_t>();
  }
  return total;
}

// `runner run` of a config whose cells drive 127.0.0.1:port, `runs` 300 ms runs each:
// `top` names the workload (and the clients), `axes` the rest of its [matrix].
rbtest::RunOutput run_against(const ScratchDir& dir, int port, int runs, const std::string& top,
                              const std::string& axes) {
  const std::string config = fmt::format(
      "{}\n[run]\nrepetitions = {}\nwarmup = 0\nrounds = 1\ntimeout = \"30s\"\ntarget = "
      "\"127.0.0.1:{}\"\n"
      "[matrix]\nduration = [\"300ms\"]\n{}\n",
      top, runs, port, axes);
  return rbtest::run_runner(rbtest::run_args(dir, "target.toml", config, RB_TEST_PLUGIN_DIR));
}

TEST(Target, OurPingpongClientsVerifyEveryByteAPythonEchoServerSendsBack) {
  constexpr int kSessions = 4;
  constexpr int kRuns = 2;
  ScratchDir dir;
  const auto info = dir.path() / "echo.json";
  BackgroundProgram echo({"python3", rbtest::write_echo_server(dir).string(), "0", info.string()},
                         dir.path() / "echo.out");
  const int port = printed_port(dir.path() / "echo.out", std::regex(R"((\d+))"));
  ASSERT_GT(port, 0) << rbtest::file_contents(dir.path() / "echo.out");

  std::string clients;
  for (const char* client : kClients)
    clients += fmt::format("{}\"{}\"", clients.empty() ? "" : ", ", client);
  const auto run = run_against(
      dir, port, kRuns, fmt::format("workload = \"pingpong\"\nplugins = [{}]", clients),
      fmt::format("block_size = [4096]\nsessions = [{}]\nverify = [\"all\"]", kSessions));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto summary = rbtest::read_json(dir.path() / "out" / "summary.json");
  for (const char* client : kClients) {
    const auto& cell = rbtest::cell_of(summary, fmt::format("127.0.0.1:{}/{}", port, client));
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_EQ(cell.at("server_target"), fmt::format("127.0.0.1:{}", port));
    // Nothing of a server the runner did not start is measured.
    EXPECT_FALSE(cell.at("metrics").contains("server_cpu_s")) << cell.at("metrics").dump();
  }

  // The echo server's own account: one connection per session and run, and every byte it
  // echoed reached a client.
  const std::size_t connections = std::size(kClients) * kSessions * kRuns;
  std::vector<std::uint64_t> echoed;
  for (int i = 0; i < 250 && echoed.size() < connections; ++i) {
    echoed = rbtest::echoed_per_connection(info);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(echoed.size(), connections);
  EXPECT_EQ(std::accumulate(echoed.begin(), echoed.end(), std::uint64_t{0}),
            counter_sum(dir.path() / "out" / "samples.jsonl", "bytes_read"));
}

TEST(Target, RrDrivesPythonsHttpServerServingAFileOfKnownSize) {
  constexpr int kBody = 1000;
  ScratchDir dir;
  const auto site = rbtest::write_rr_site(dir, kBody);
  BackgroundProgram http({"python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "--protocol",
                          "HTTP/1.1", "--directory", site.string(), "0"},
                         dir.path() / "http.out");
  const int port = printed_port(dir.path() / "http.out", std::regex(R"(port (\d+))"));
  ASSERT_GT(port, 0) << rbtest::file_contents(dir.path() / "http.out");

  const auto run = run_against(dir, port, 2, "workload = \"rr\"",
                               fmt::format("connections = [2]\nbody_size = [{}]", kBody));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::read_json(dir.path() / "out" / "summary.json");
  const auto& cell = rbtest::cell_of(summary, fmt::format("127.0.0.1:{}", port));
  EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
  const auto samples = dir.path() / "out" / "samples.jsonl";
  EXPECT_GT(counter_sum(samples, "completed"), 0u);
  for (const char* error : {"connect_failures", "resets", "bad_status", "malformed"})
    EXPECT_EQ(counter_sum(samples, error), 0u) << error;
}

}  // namespace
