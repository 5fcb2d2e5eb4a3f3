// The pingpong workload's parent side: what a cell needs, when it is skipped, and how the
// server's final counters are checked against the client's samples, what is recorded of each
// side's CPU and memory (and left out when /proc could not be read).
#include <gtest/gtest.h>

#include <unistd.h>

#include <set>
#include <string>

#include "model/metric_info.h"
#include "proc/pid_usage.h"
#include "workload/pingpong/driver.h"
#include "workload/pingpong/shape.h"
#include "workload/registry.h"

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

TEST(PingpongWorkload, UnknownServerRssIsNotRecorded) {
  const PingpongWorkload pingpong;
  ServerUsage usage;
  usage.cpu_s = 0.5;
  usage.peak_rss_kib = 9000;
  usage.baseline_rss_kib = -1;  // the server could not read its idle RSS
  Sample no_baseline = client_sample(1);
  pingpong.add_server_usage(cell(100), usage, no_baseline);
  EXPECT_DOUBLE_EQ(no_baseline.metrics.at("server_peak_rss_kib"), 9000.0);
  EXPECT_EQ(no_baseline.metrics.count("server_rss_per_conn_kib"), 0u);
  EXPECT_EQ(no_baseline.counters.count("server_baseline_rss_kib"), 0u);

  usage.peak_rss_kib = -1;  // nor its peak
  usage.baseline_rss_kib = 4000;
  Sample no_peak = client_sample(1);
  pingpong.add_server_usage(cell(100), usage, no_peak);
  EXPECT_EQ(no_peak.metrics.count("server_peak_rss_kib"), 0u);
  EXPECT_EQ(no_peak.metrics.count("server_rss_per_conn_kib"), 0u);
  EXPECT_EQ(no_peak.counters.at("server_baseline_rss_kib"), 4000u);
}

TEST(PingpongWorkload, EverySideCpuMetricIsDeclared) {
  std::set<std::string> declared;
  for (const auto& info : workload::metrics_for_workload("pingpong")) declared.insert(info.name);
  for (const char* side : {"server", "client"})
    for (const char* what :
         {"_cpu_s", "_user_s", "_sys_s", "_mib_per_cpu_s", "_peak_rss_kib", "_rss_per_conn_kib"})
      EXPECT_EQ(declared.count(std::string(side) + what), 1u) << side << what;
}

TEST(PingpongServerCpu, UserSystemAndExactTotalOfALiveProcessAndOfNone) {
  const proc::ProcessCpu self = proc::process_cpu_times(::getpid());
  EXPECT_TRUE(self.known());
  EXPECT_GE(self.user_s, 0);
  EXPECT_GE(self.sys_s, 0);
  // The exact clock is read after the ticks, which truncate (a tick of slack for rounding).
  EXPECT_GE(self.exact_s + 0.01, self.user_s + self.sys_s);
  EXPECT_DOUBLE_EQ(self.total_s(), self.exact_s);
  const proc::ProcessCpu gone = proc::process_cpu_times(-1);  // no /proc/-1
  EXPECT_FALSE(gone.known());
  EXPECT_EQ(proc::process_cpu_seconds(-1), -1);
}

}  // namespace
}  // namespace rb::workload
