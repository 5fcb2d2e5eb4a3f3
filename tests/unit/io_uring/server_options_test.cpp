// The io-uring pingpong server under each input mechanism: the echo intact and the counters
// exact, whatever mode, multishot, provided_buffers and the thread count.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <tuple>
#include <vector>

#include "../../support/capability.h"
#include "io_uring_plugin.h"
#include "served_server.h"

namespace rb_test {
namespace {

constexpr uint32_t kBlockSize = 16 * 1024;
constexpr int kSessions = 3;
constexpr int kRounds = 4;

// Sends a block and reads it back, kRounds times; whether every byte came back in order.
bool EchoesIntact(int fd, int session) {
  return EchoBack(fd, Pattern(kBlockSize, session), kRounds);
}

// (mode, multishot, provided_buffers, threads)
using ServerCase = std::tuple<std::string, std::string, std::string, uint32_t>;

// The io-uring echo server's calls with `threads` loops and `options`.
ServerCalls EchoCalls(uint32_t threads, const OptionPairs& options) {
  rb_pingpong_server_params params{};
  params.struct_size = sizeof params;
  params.threads = threads;
  params.block_size = kBlockSize;
  return CallsOf(*IoUringPlugin()->pingpong_server, params, options);
}

class IoUringPingpongServer : public ::testing::TestWithParam<ServerCase> {};

TEST_P(IoUringPingpongServer, EchoesEveryByteAndCountsThem) {
  SKIP_WITHOUT_IO_URING();
  const auto& [mode, multishot, provided, threads] = GetParam();
  ServedServer server(EchoCalls(
      threads, {{"mode", mode}, {"multishot", multishot}, {"provided_buffers", provided}}));
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  std::vector<int> fds;
  for (int i = 0; i < kSessions; ++i) fds.push_back(ConnectToLoopback(server.port()));
  for (int i = 0; i < kSessions; ++i) {
    ASSERT_GE(fds[i], 0);
    EXPECT_TRUE(EchoesIntact(fds[i], i)) << "session " << i;
  }
  for (const int fd : fds) ::close(fd);
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  const auto counters = server.Counters();
  const uint64_t bytes = uint64_t{kSessions} * kRounds * kBlockSize;
  EXPECT_EQ(counters.at("connections"), uint64_t{kSessions});
  EXPECT_EQ(counters.at("bytes_read"), bytes);
  EXPECT_EQ(counters.at("bytes_written"), bytes);
  EXPECT_GT(counters.at("sqes_submitted"), 0u);
  EXPECT_GT(counters.at("cqes_reaped"), 0u);
  EXPECT_GT(counters.at("enter_calls"), 0u);
  EXPECT_TRUE(counters.contains("buffer_ring_empty"));
  EXPECT_EQ(counters.at("fixed_files_registered"), 0u);  // fixed_files = off
}

std::string ServerCaseName(const ::testing::TestParamInfo<ServerCase>& info) {
  const auto& [mode, multishot, provided, threads] = info.param;
  return mode + "_multishot_" + multishot + "_provided_" + provided + "_threads" +
         std::to_string(threads);
}

INSTANTIATE_TEST_SUITE_P(Poll, IoUringPingpongServer,
                         ::testing::Combine(::testing::Values("poll"),
                                            ::testing::Values("on", "off"),
                                            ::testing::Values("off"), ::testing::Values(1u, 2u)),
                         ServerCaseName);
INSTANTIATE_TEST_SUITE_P(ReadProvided, IoUringPingpongServer,
                         ::testing::Combine(::testing::Values("read"),
                                            ::testing::Values("on", "off"), ::testing::Values("on"),
                                            ::testing::Values(1u, 2u)),
                         ServerCaseName);
INSTANTIATE_TEST_SUITE_P(ReadOwnBuffers, IoUringPingpongServer,
                         ::testing::Combine(::testing::Values("read"), ::testing::Values("off"),
                                            ::testing::Values("off"), ::testing::Values(1u, 2u)),
                         ServerCaseName);

// fixed_files = on: every connection's fd is registered in a slot, and the echo is the same.
class IoUringFixedFilesServer : public ::testing::TestWithParam<ServerCase> {};

TEST_P(IoUringFixedFilesServer, RegistersEveryConnectionAndEchoesIntact) {
  SKIP_WITHOUT_IO_URING();
  const auto& [mode, multishot, provided, threads] = GetParam();
  ServedServer server(EchoCalls(threads, {{"mode", mode},
                                          {"multishot", multishot},
                                          {"provided_buffers", provided},
                                          {"fixed_files", "on"}}));
  if (server.prepare_rc() == RB_ERR_UNSUPPORTED)
    RB_SKIP_WITHOUT("io_uring") << server.prepare_error();
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  for (int i = 0; i < kSessions; ++i) {
    const int fd = ConnectToLoopback(server.port());
    ASSERT_GE(fd, 0);
    EXPECT_TRUE(EchoesIntact(fd, i)) << "session " << i;
    ::close(fd);
  }
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  const auto counters = server.Counters();
  EXPECT_EQ(counters.at("connections"), uint64_t{kSessions});
  EXPECT_EQ(counters.at("fixed_files_registered"), uint64_t{kSessions});
  EXPECT_EQ(counters.at("bytes_written"), uint64_t{kSessions} * kRounds * kBlockSize);
}

INSTANTIATE_TEST_SUITE_P(Mechanisms, IoUringFixedFilesServer,
                         ::testing::Values(ServerCase{"poll", "off", "off", 1u},
                                           ServerCase{"poll", "on", "off", 2u},
                                           ServerCase{"read", "off", "off", 1u},
                                           ServerCase{"read", "on", "on", 2u}),
                         ServerCaseName);

TEST(IoUringPingpongServerRefusals, AMultishotRecvWithoutProvidedBuffersIsNamed) {
  SKIP_WITHOUT_IO_URING();
  ServedServer server(
      EchoCalls(1, {{"mode", "read"}, {"multishot", "on"}, {"provided_buffers", "off"}}));
  EXPECT_EQ(server.prepare_rc(), RB_ERR_UNSUPPORTED);
  EXPECT_NE(server.prepare_error().find("provided_buffers"), std::string::npos)
      << server.prepare_error();
}

}  // namespace
}  // namespace rb_test
