// Every pingpong server against every client (cross pairs included) on a small run with
// every session verified byte for byte: the cells pass, and the counts hold together.
#include <gtest/gtest.h>

#include <string>

#include "pingpong_test_support.h"

namespace {

using rbtest::PingpongConfig;
using rbtest::read_json;
using rbtest::read_lines;
using rbtest::run_runner;
using rbtest::ScratchDir;

constexpr int kSessions = 5;
constexpr int kBlock = 4096;

void expect_cell_verified(const nlohmann::json& cell, int runs) {
  SCOPED_TRACE(cell.at("plugin").get<std::string>());
  ASSERT_EQ(cell.at("status"), "ok") << cell.at("reason");
  const auto& counters = cell.at("counters");
  EXPECT_EQ(counters.at("verify_mismatches"), 0);
  EXPECT_EQ(counters.at("sessions_completed"), kSessions);
  EXPECT_EQ(counters.at("connect_failures"), 0);
  EXPECT_EQ(counters.at("resets"), 0);
  // verify = "all": every byte read was checked against the pattern.
  EXPECT_EQ(counters.at("verified_bytes"), counters.at("bytes_read"));
  EXPECT_GE(counters.at("bytes_read").get<std::uint64_t>(), std::uint64_t{kSessions} * kBlock);
  const auto& server = cell.at("counters_by_role").at("server");
  EXPECT_EQ(server.at("connections"), kSessions * runs);
  for (const char* role : {"server", "client"}) {
    EXPECT_TRUE(cell.at("rusage_by_role").contains(role)) << role;
    EXPECT_EQ(cell.at("provenance_by_role").at(role).at("sha256").get<std::string>().size(), 64u);
  }
  EXPECT_EQ(cell.at("metrics").at("mib_per_s").at("n"), runs);
  EXPECT_GT(cell.at("metrics").at("mib_per_s").at("median").get<double>(), 0);
  // Each side's CPU, split as rusage splits it, over the same measured run.
  for (const char* metric :
       {"server_rss_per_conn_kib", "client_rss_per_conn_kib", "server_cpu_s", "server_user_s",
        "server_sys_s", "client_cpu_s", "client_user_s", "client_sys_s"})
    EXPECT_TRUE(cell.at("metrics").contains(metric)) << metric;
}

TEST(PingpongEcho, EveryServerAgainstEveryClientEchoesThePatternExactly) {
  ScratchDir dir;
  PingpongConfig config;
  config.pairing = "";
  config.matrix = R"(server = ["raw-epoll", "libevent2", "muduo", "epoll-add-always"]
client = ["raw-epoll", "libevent2", "muduo", "epoll-add-always"]
block_size = [4096]
sessions = [5]
duration = ["200ms"]
verify = ["all"])";
  config.repetitions = 2;
  const auto result = run_runner(rbtest::pingpong_args(dir, config));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;

  const auto summary = read_json(dir.path() / "out" / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 16u);
  for (const auto& cell : summary.at("cells")) {
    expect_cell_verified(cell, 2);
    const auto& roles = cell.at("roles");
    EXPECT_EQ(cell.at("plugin"),
              roles.at("server").get<std::string>() + "/" + roles.at("client").get<std::string>());
  }
  // The console table has one column per server/client pair.
  for (const char* pair : {"libevent2/muduo", "epoll-add-always/raw-epoll",
                           "raw-epoll/epoll-add-always", "muduo/epoll-add-always"}) {
    EXPECT_NE(result.out.find(pair), std::string::npos) << pair << "\n" << result.out;
    EXPECT_NO_THROW(rbtest::cell_with_plugin(summary, pair)) << pair;
  }
  EXPECT_EQ(rbtest::read_sample_lines(dir.path() / "out" / "samples.jsonl").size(), 16u * 2u);
}

TEST(PingpongEcho, EachPluginAgainstItselfWithTwoThreads) {
  ScratchDir dir;
  PingpongConfig config;
  config.pairing = R"(plugins = ["raw-epoll", "libevent2", "muduo", "epoll-add-always"])";
  config.matrix = R"(block_size = [16384]
sessions = [6]
threads = [2]
duration = ["200ms"]
verify = ["all"])";
  const auto result = run_runner(rbtest::pingpong_args(dir, config));
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const auto summary = read_json(dir.path() / "out" / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 4u);
  for (const auto& cell : summary.at("cells")) {
    SCOPED_TRACE(cell.at("plugin").get<std::string>());
    ASSERT_EQ(cell.at("status"), "ok") << cell.at("reason");
    EXPECT_EQ(cell.at("counters").at("verify_mismatches"), 0);
    EXPECT_EQ(cell.at("counters").at("verified_bytes"), cell.at("counters").at("bytes_read"));
    EXPECT_EQ(cell.at("counters").at("sessions_completed"), 6);
    EXPECT_EQ(cell.at("counters_by_role").at("server").at("connections"), 6);
  }
}

}  // namespace
