#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "built_plugins.h"
#include "loopback.h"
#include "server_thread.h"

namespace rb_test {
namespace {

std::string Pattern(size_t n, size_t offset = 0) {
  std::string data(n, '\0');
  for (size_t i = 0; i < n; ++i) data[i] = static_cast<char>((offset + i) % 128);
  return data;
}

// One prepare..release of the libuv pingpong server on a listener of the test's.
class PingpongServer : public ServerUnderTest<rb_pingpong_server_ops> {
 public:
  PingpongServer() : ServerUnderTest(*LoadBuiltPlugin("libuv").pingpong_server) {}
  int Prepare(uint32_t threads, const std::vector<rb_option>& options = {}) {
    return PrepareWith(
        rb_pingpong_server_params{sizeof(rb_pingpong_server_params), -1, -1, threads, 4096},
        options);
  }
};

class LibuvPingpongServer : public ::testing::TestWithParam<uint32_t> {};

TEST_P(LibuvPingpongServer, EchoesEveryClientAndLeavesTheListenerOpen) {
  PingpongServer server;
  ASSERT_EQ(server.Prepare(GetParam()), RB_OK) << server.message();
  {
    auto serving = server.Serve();
    for (int c = 0; c < 4; ++c) {
      BlockingClient client(server.listener().port());
      client.Send(Pattern(1000));
      EXPECT_EQ(client.ReadExactly(1000), Pattern(1000));
      client.Send(Pattern(500, 1000));
      EXPECT_EQ(client.ReadExactly(500), Pattern(500, 1000));
      client.ShutdownWrite();
      EXPECT_EQ(client.ReadToEnd(), "");  // the server's FIN follows ours
    }
    ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  }
  const Counters counters = server.Read();
  EXPECT_EQ(counters.at("connections"), 4u);
  EXPECT_EQ(counters.at("bytes_read"), 6000u);
  EXPECT_EQ(counters.at("bytes_written"), 6000u);
  server.Release();
  // The host's socket: still open and still listening (the connect lands in its backlog).
  ASSERT_TRUE(IsOpen(server.listener().fd()));
  EXPECT_NO_THROW(BlockingClient late(server.listener().port()));
}

TEST_P(LibuvPingpongServer, EchoesWhatIsStillInFlightWhenTheClientShutsDown) {
  PingpongServer server;
  ASSERT_EQ(server.Prepare(GetParam(), {{"read_size", "1000"}}), RB_OK) << server.message();
  auto serving = server.Serve();
  BlockingClient client(server.listener().port());
  const std::string sent = Pattern(100000);
  client.Send(sent);
  client.ShutdownWrite();
  EXPECT_EQ(client.ReadToEnd(), sent);
  ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  EXPECT_EQ(server.Read().at("bytes_written"), sent.size());
}

TEST_P(LibuvPingpongServer, ClosesOpenConnectionsWhenTheHostStopsIt) {
  PingpongServer server;
  ASSERT_EQ(server.Prepare(GetParam()), RB_OK) << server.message();
  auto serving = server.Serve();
  BlockingClient first(server.listener().port());
  BlockingClient second(server.listener().port());
  first.Send("ab");
  second.Send("cd");
  EXPECT_EQ(first.ReadExactly(2), "ab");
  EXPECT_EQ(second.ReadExactly(2), "cd");
  ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  EXPECT_EQ(first.ReadToEnd(), "");
  EXPECT_EQ(second.ReadToEnd(), "");
  EXPECT_EQ(server.Read().at("connections"), 2u);
}

INSTANTIATE_TEST_SUITE_P(Threads, LibuvPingpongServer, ::testing::Values(1u, 3u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

TEST(LibuvPingpongServerOptions, NamesReadSizeWhenRefusingAnUnknownKey) {
  PingpongServer server;
  EXPECT_EQ(server.Prepare(1, {{"no_such_key", "1"}}), RB_ERR_INVALID_ARGUMENT);
  const std::string message = server.message();
  EXPECT_NE(message.find("'no_such_key'"), std::string::npos) << message;
  EXPECT_NE(message.find("read_size"), std::string::npos) << message;
}

TEST(LibuvPingpongServerOptions, RefusesAReadSizeThatIsNotAPositiveInteger) {
  for (const char* bad : {"0", "-1", "4k", "", "99999999999"}) {
    PingpongServer server;
    EXPECT_EQ(server.Prepare(1, {{"read_size", bad}}), RB_ERR_INVALID_ARGUMENT) << bad;
  }
}

}  // namespace
}  // namespace rb_test
