// rr cells through the runner: closed and open loop against every plugin that serves rr,
// with the counts of both sides and the histograms holding together.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <string>

#include "../pingpong/pingpong_test_support.h"

namespace {

using rbtest::read_json;
using rbtest::read_lines;
using rbtest::run_runner;
using rbtest::ScratchDir;

std::string rr_config(const std::string& plugins, const std::string& matrix, int repetitions) {
  return rbtest::matrix_config("rr", plugins, rbtest::run_lines(repetitions, "60s"), matrix);
}

std::vector<std::string> run_args(const ScratchDir& dir, const std::string& config) {
  return {"run", dir.write("rr.toml", config).string(), "--out", (dir.path() / "out").string(),
          "--no-store"};
}

std::uint64_t sum_of_samples(const std::vector<std::string>& lines, std::size_t cell_index,
                             const char* counter) {
  std::uint64_t total = 0;
  for (const auto& line : lines) {
    const auto j = nlohmann::json::parse(line);
    if (j.value("cell", std::size_t{99999}) != cell_index || !j.contains("counters")) continue;
    total += j.at("counters").value(counter, std::uint64_t{0});
  }
  return total;
}

void expect_consistent(const nlohmann::json& cell, int runs) {
  SCOPED_TRACE(cell.at("plugin").get<std::string>() + " " + cell.at("params").dump());
  ASSERT_EQ(cell.at("status"), "ok") << cell.at("reason");
  const auto& metrics = cell.at("metrics");
  for (const char* metric : {"requests_per_s", "p50_us", "p90_us", "p99_us", "p999_us", "max_us",
                             "server_cpu_s", "client_cpu_s", "server_cpu_us_per_request"})
    EXPECT_TRUE(metrics.contains(metric)) << metric;
  EXPECT_EQ(metrics.at("p99_us").at("n"), runs);
  EXPECT_LE(metrics.at("p50_us").at("median").get<double>(),
            metrics.at("p99_us").at("median").get<double>());
  const auto& counters = cell.at("counters");
  for (const char* zero : {"connect_failures", "resets", "bad_status", "malformed"})
    EXPECT_EQ(counters.at(zero), 0) << zero;
  EXPECT_EQ(counters.at("sent"), counters.at("completed"));
  const auto& merged = cell.at("merged_latency");
  EXPECT_LE(merged.at("p50_us").get<double>(), merged.at("p99_us").get<double>());
  EXPECT_LE(merged.at("p99_us").get<double>(), merged.at("max_us").get<double>() * 1.01);
  const auto& server = cell.at("counters_by_role").at("server");
  EXPECT_EQ(server.at("bad_requests"), 0);
}

TEST(RrRun, ClosedAndOpenLoopAgainstEveryRrPluginCountEveryRequest) {
  ScratchDir dir;
  const std::string config = rr_config(
      R"("raw-epoll", "libevent2", "muduo", "libev", "libuv", "asio-callback", "asio-coroutine")",
      R"(connections = [1, 20]
rate = [0, 400]
duration = ["300ms"])",
      2);
  const auto result = run_runner(run_args(dir, config));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto lines = read_lines(dir.path() / "out" / "samples.jsonl");
  ASSERT_EQ(summary.at("cells").size(), 28u);
  for (const auto& cell : summary.at("cells")) {
    expect_consistent(cell, 2);
    const auto index = cell.at("index").get<std::size_t>();
    // Every measured response is in the merged histogram, and the server answered each
    // request of every run, warm-up included (no request timed out).
    const std::uint64_t completed = sum_of_samples(lines, index, "completed");
    EXPECT_EQ(cell.at("merged_latency").at("count").get<double>(), static_cast<double>(completed));
    EXPECT_GE(cell.at("counters_by_role").at("server").at("requests").get<std::uint64_t>(),
              completed);
    const auto rate = cell.at("params").at("rate").get<std::int64_t>();
    // Open loop at 400/s for 0.3 s: exactly 120 requests per run, whatever the plugin.
    if (rate == 400) {
      EXPECT_EQ(completed, 240u);
    }
  }
}

TEST(RrRun, LoadPercentCalibratesThenRunsOpenLoopBelowTheMaximum) {
  ScratchDir dir;
  const std::string config = rr_config(R"("raw-epoll")", R"(connections = [4]
load_percent = [50]
duration = ["300ms"])",
                                       1);
  const auto result = run_runner(run_args(dir, config));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  const auto& cell = rbtest::only_cell(summary);
  expect_consistent(cell, 1);
  const auto max = cell.at("counters").at("calibrated_max_rps").get<std::uint64_t>();
  const auto offered = cell.at("counters").at("offered_rate").get<std::uint64_t>();
  EXPECT_GT(max, 0u);
  EXPECT_NEAR(static_cast<double>(offered), max * 0.5, 1.0);
}

// raw-epoll's stall option pauses its loop 100 ms every 400 ms. Open loop charges the pause to
// every request that was due during it (about a fifth of them here), so p99 holds at least
// half a pause; closed loop sent nothing while stalled, and only its max shows the pause.
TEST(RrRun, OpenLoopChargesAServerStallToEveryRequestDueDuringIt) {
  ScratchDir dir;
  const std::string config = R"(workload = "rr"
plugins = ["stalling"]

[variants.stalling]
plugin = "raw-epoll"
stall_ms = 100
stall_every_ms = 400

[run]
repetitions = 1
warmup = 0
rounds = 1
timeout = "60s"

[matrix]
connections = [4]
rate = [0, 200]
duration = ["1s"]
)";
  const auto result = run_runner(run_args(dir, config));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  for (const auto& cell : summary.at("cells")) {
    expect_consistent(cell, 1);
    EXPECT_GE(cell.at("counters_by_role").at("server").at("stalls").get<std::uint64_t>(), 2u);
    const auto& merged = cell.at("merged_latency");
    EXPECT_GE(merged.at("max_us").get<double>(), 50'000.0);
    if (cell.at("params").at("rate") == 200) {
      EXPECT_GE(merged.at("p99_us").get<double>(), 50'000.0) << merged.dump();
    }
  }
}

TEST(RrRun, APluginWithoutAnRrServerIsRefusedAtTheConfigLine) {
  ScratchDir dir;
  const auto path = dir.write("rr.toml", R"(workload = "rr"
plugins = ["condvar-queue"]
[matrix]
connections = [1]
)");
  const auto result = run_runner({"run", path.string(), "--no-store"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("rr.toml:2:"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("rr"), std::string::npos) << result.err;
}

}  // namespace
