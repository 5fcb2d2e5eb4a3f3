// `runner serve --workload pingpong`: every plugin's pingpong server under a client we did not
// write (Python asyncio), which checks every echoed byte; the server's own counters, printed
// at Ctrl-C, agree with what the client sent and received.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "../rr/serve_process.h"
#include "python_peers.h"

namespace {

using rbtest::ScratchDir;
using rbtest::ServeProcess;
using rbtest::shell;

std::uint64_t counter_printed(const std::string& text, const std::string& name) {
  std::smatch match;
  if (!std::regex_search(text, match, std::regex("\\n\\s*" + name + "\\s+(\\d+)")))
    return UINT64_MAX;
  return std::stoull(match[1]);
}

class PythonClientAgainstOurServer : public ::testing::TestWithParam<const char*> {};

TEST_P(PythonClientAgainstOurServer, EveryByteComesBackAndTheCountersAgree) {
  constexpr int kSessions = 8;
  constexpr int kBlock = 4096;
  constexpr int kExchanges = 40;
  ScratchDir dir;
  const auto client = rbtest::write_pingpong_client(dir);
  ServeProcess serve(dir, {"--plugin", GetParam(), "--threads", "2", "--set", "block_size=4096"},
                     {.workload = "pingpong"});
  ASSERT_GT(serve.port(), 0) << serve.out() << serve.err();
  EXPECT_NE(serve.out().find("threads=2"), std::string::npos) << serve.out();

  const auto run = shell(fmt::format("python3 {} 127.0.0.1 {} {} {} {}", client.string(),
                                     serve.port(), kSessions, kBlock, kExchanges));
  ASSERT_EQ(run.status, 0) << run.output;
  const auto report = nlohmann::json::parse(run.output);
  const std::uint64_t expected = std::uint64_t{kSessions} * kBlock * kExchanges;
  EXPECT_EQ(report.at("sessions"), kSessions);
  EXPECT_EQ(report.at("mismatches"), 0);
  EXPECT_EQ(report.at("sent"), expected);
  EXPECT_EQ(report.at("received"), expected);
  EXPECT_EQ(report.at("after_eof"), 0);

  EXPECT_EQ(serve.interrupt_and_wait(), 0) << serve.err();
  const std::string out = serve.out();
  EXPECT_EQ(counter_printed(out, "connections"), std::uint64_t{kSessions}) << out;
  EXPECT_EQ(counter_printed(out, "bytes_read"), expected) << out;
  EXPECT_EQ(counter_printed(out, "bytes_written"), expected) << out;
}

INSTANTIATE_TEST_SUITE_P(Plugins, PythonClientAgainstOurServer,
                         ::testing::Values("raw-epoll", "libevent2", "muduo", "epoll-add-always",
                                           "libev", "libuv", "asio-callback", "asio-coroutine"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::erase(name, '-');
                           return name;
                         });

}  // namespace
