// The pingpong workload's parent side: what a cell needs, when it is skipped, and how the
// server's final counters are checked against the client's samples.
#include <gtest/gtest.h>

#include "workload/pingpong.h"
#include "workload/pingpong_shape.h"

namespace rb::workload {
namespace {

CellSpec cell(std::int64_t sessions, std::int64_t threads = 1, const char* verify = "sample") {
  CellSpec spec;
  spec.workload = "pingpong";
  spec.plugin = "muduo/raw-epoll";
  spec.role_plugins = {{"server", "muduo"}, {"client", "raw-epoll"}};
  spec.params = {{"block_size", std::int64_t{4096}},
                 {"sessions", sessions},
                 {"threads", threads},
                 {"duration", std::string("2s")},
                 {"verify", std::string(verify)}};
  return spec;
}

Sample client_sample(std::uint64_t bytes_read) {
  Sample sample;
  sample.counters = {{"bytes_read", bytes_read}};
  return sample;
}

TEST(PingpongWorkload, TenThousandSessionsFitTheHardLimitPerSide) {
  const PingpongWorkload pingpong;
  EXPECT_EQ(pingpong.layout(), ProcessLayout::server_client);
  EXPECT_EQ(pingpong.skip_reason(cell(10'000), 20'000), std::nullopt);
  EXPECT_EQ(pingpong.skip_reason(cell(20'000, 2), 20'000),
            "the server and the client each need 20044 file descriptors (20000 sessions + 44 for "
            "loops and the runner); the hard limit (RLIMIT_NOFILE) is 20000");
}

TEST(PingpongWorkload, PlannedTimeIsRunsTimesDuration) {
  const PingpongWorkload pingpong;
  EXPECT_EQ(pingpong.planned_time(cell(1), 4), std::chrono::seconds(8));
}

TEST(PingpongWorkload, VerifyStride) {
  EXPECT_EQ(pingpong_shape(cell(1, 1, "all")).verify_stride(), 1u);
  EXPECT_EQ(pingpong_shape(cell(1, 1, "sample")).verify_stride(), kVerifySampleStride);
  EXPECT_EQ(pingpong_shape(cell(1, 1, "off")).verify_stride(), 0u);
}

TEST(PingpongWorkload, ServerCountersMustMatchTheClients) {
  const PingpongWorkload pingpong;
  const std::vector<Sample> runs = {client_sample(1000), client_sample(3000)};
  const auto ok = std::map<std::string, std::uint64_t>{
      {"connections", 20}, {"bytes_read", 4100}, {"bytes_written", 4000}};
  EXPECT_EQ(pingpong.check_server(cell(10), ok, runs), std::nullopt);

  auto fewer = ok;
  fewer["connections"] = 19;
  EXPECT_EQ(pingpong.check_server(cell(10), fewer, runs),
            "the server accepted 19 connections; the client opened 20 (10 sessions x 2 runs)");
  auto lost = ok;
  lost["bytes_written"] = 3999;
  EXPECT_EQ(pingpong.check_server(cell(10), lost, runs),
            "the server read 4100 and wrote 3999 bytes but the client read 4000 in its 2 runs");
  EXPECT_EQ(pingpong.check_server(cell(10), {{"connections", 20}}, runs),
            "the server did not report the required counter 'bytes_written'");
}

TEST(PingpongWorkload, ServerUsageCompletesTheSample) {
  const PingpongWorkload pingpong;
  Sample sample = client_sample(std::uint64_t{64} << 20);
  ServerUsage usage;
  usage.cpu_s = 0.5;
  usage.peak_rss_kib = 9000;
  usage.baseline_rss_kib = 4000;
  pingpong.add_server_usage(cell(100), usage, sample);
  EXPECT_DOUBLE_EQ(sample.metrics.at("server_mib_per_cpu_s"), 128.0);
  EXPECT_DOUBLE_EQ(sample.metrics.at("server_rss_per_conn_kib"), 50.0);
  EXPECT_EQ(sample.counters.at("server_baseline_rss_kib"), 4000u);

  Sample unread = client_sample(1);
  usage.cpu_s = -1;  // /proc could not be read
  pingpong.add_server_usage(cell(100), usage, unread);
  EXPECT_EQ(unread.metrics.count("server_cpu_s"), 0u);
  EXPECT_EQ(unread.metrics.count("server_mib_per_cpu_s"), 0u);
}

}  // namespace
}  // namespace rb::workload
