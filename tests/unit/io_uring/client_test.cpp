// The io-uring pingpong client under each input mechanism against raw-epoll's echo server, and
// raw-epoll's client against the io-uring server under each: every session verified byte for
// byte, both sides' counts agreeing, and the client's ring counters reported.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "../../support/capability.h"
#include "built_plugins.h"
#include "io_uring_plugin.h"
#include "verified_pair.h"

namespace rb_test {
namespace {

// (mode, multishot, provided_buffers, threads)
using UringCase = std::tuple<std::string, std::string, std::string, uint32_t>;

OptionPairs OptionsOf(const UringCase& uring_case) {
  const auto& [mode, multishot, provided, threads] = uring_case;
  return {{"mode", mode}, {"multishot", multishot}, {"provided_buffers", provided}};
}

std::string UringCaseName(const ::testing::TestParamInfo<UringCase>& info) {
  const auto& [mode, multishot, provided, threads] = info.param;
  return mode + "_multishot_" + multishot + "_provided_" + provided + "_threads" +
         std::to_string(threads);
}

const auto kCases =
    ::testing::Values(UringCase{"poll", "off", "off", 1u}, UringCase{"poll", "on", "off", 1u},
                      UringCase{"poll", "on", "off", 2u}, UringCase{"read", "off", "off", 1u},
                      UringCase{"read", "off", "off", 2u}, UringCase{"read", "off", "on", 1u},
                      UringCase{"read", "on", "on", 1u}, UringCase{"read", "on", "on", 2u});

class IoUringClient : public ::testing::TestWithParam<UringCase> {};

TEST_P(IoUringClient, VerifiesEveryByteAgainstRawEpollsServer) {
  SKIP_WITHOUT_IO_URING();
  ExpectVerifiedPair({*LoadBuiltPlugin("raw_epoll").pingpong_server, {}},
                     {*IoUringPlugin()->pingpong_client, OptionsOf(GetParam()), true},
                     std::get<3>(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Mechanisms, IoUringClient, kCases, UringCaseName);

class IoUringServerForRawEpoll : public ::testing::TestWithParam<UringCase> {};

TEST_P(IoUringServerForRawEpoll, EchoesRawEpollsClientVerified) {
  SKIP_WITHOUT_IO_URING();
  ExpectVerifiedPair({*IoUringPlugin()->pingpong_server, OptionsOf(GetParam()), true},
                     {*LoadBuiltPlugin("raw_epoll").pingpong_client, {}}, std::get<3>(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(Mechanisms, IoUringServerForRawEpoll, kCases, UringCaseName);

// The ring's counters, and one SQE per submit with batch = 1 under SQPOLL's kernel thread.
TEST(IoUringClientCounters, ReportsTheRingsWorkWithSqpollAndBatchOne) {
  SKIP_WITHOUT_IO_URING();
  rb_pingpong_server_params params{};
  params.struct_size = sizeof params;
  params.threads = 1;
  params.block_size = 4096;
  ServedServer server(CallsOf(*LoadBuiltPlugin("raw_epoll").pingpong_server, params, {}));
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  const ClientRun run = RunPingpongClient(*IoUringPlugin()->pingpong_client, server.port(), {},
                                          {{"sqpoll", "on"}, {"batch", "1"}});
  if (run.prepare_rc == RB_ERR_UNSUPPORTED) RB_SKIP_WITHOUT("io_uring") << run.error;
  ASSERT_EQ(run.run_rc, RB_OK) << run.error;
  const auto& counters = run.counters;
  EXPECT_EQ(counters.at("verify_mismatches"), 0u);
  EXPECT_GT(counters.at("sqes_submitted"), 0u);
  EXPECT_GE(counters.at("cqes_reaped"), counters.at("messages_read"));
  EXPECT_GT(counters.at("loop_iterations"), 0u);
  EXPECT_TRUE(counters.contains("enter_calls"));
  EXPECT_EQ(counters.at("buffer_ring_empty"), 0u);
  EXPECT_GT(counters.at("bytes_written"), 0u);
}

TEST(IoUringClientRefusals, AMultishotRecvWithoutProvidedBuffersIsNamed) {
  SKIP_WITHOUT_IO_URING();
  const ClientRun run = RunPingpongClient(*IoUringPlugin()->pingpong_client, 9, {},
                                          {{"mode", "read"}, {"multishot", "on"}});
  EXPECT_EQ(run.prepare_rc, RB_ERR_UNSUPPORTED);
  EXPECT_NE(run.error.find("provided_buffers"), std::string::npos) << run.error;
}

}  // namespace
}  // namespace rb_test
