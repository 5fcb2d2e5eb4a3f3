#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "built_plugins.h"
#include "loopback.h"
#include "server_thread.h"

namespace rb_test {
namespace {

constexpr uint32_t kBodySize = 5;
const char kGet[] = "GET / HTTP/1.1\r\nHost: test\r\n\r\n";
const char kGetThenClose[] = "GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";

struct Response {
  std::string head;
  std::string body;
};

// One response off a blocking socket: the head up to the empty line, then Content-Length bytes.
Response ReadResponse(const BlockingClient& client) {
  Response response;
  while (response.head.size() < 4 ||
         response.head.compare(response.head.size() - 4, 4, "\r\n\r\n") != 0)
    response.head += client.ReadExactly(1);
  const std::string field = "Content-Length: ";
  const size_t at = response.head.find(field);
  if (at == std::string::npos) return response;
  response.body = client.ReadExactly(std::stoul(response.head.substr(at + field.size())));
  return response;
}

class RrServer : public ServerUnderTest<rb_rr_server_ops> {
 public:
  RrServer() : ServerUnderTest(*LoadBuiltPlugin("libuv").rr_server) {}
  int Prepare(uint32_t threads) {
    return PrepareWith(rb_rr_server_params{sizeof(rb_rr_server_params), -1, -1, threads, kBodySize},
                       {});
  }
};

class LibuvRrServer : public ::testing::TestWithParam<uint32_t> {};

TEST_P(LibuvRrServer, KeepsTheConnectionUntilTheClientAsksToClose) {
  RrServer server;
  ASSERT_EQ(server.Prepare(GetParam()), RB_OK) << server.message();
  {
    auto serving = server.Serve();
    BlockingClient client(server.listener().port());
    for (int i = 0; i < 3; ++i) {
      client.Send(kGet);
      const Response response = ReadResponse(client);
      EXPECT_EQ(response.head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << response.head;
      EXPECT_NE(response.head.find("keep-alive"), std::string::npos) << response.head;
      EXPECT_EQ(response.body, "okoko");
    }
    client.Send(std::string(kGet) + kGetThenClose);  // pipelined: both answered, in order
    EXPECT_NE(ReadResponse(client).head.find("keep-alive"), std::string::npos);
    const Response last = ReadResponse(client);
    EXPECT_NE(last.head.find("Connection: close"), std::string::npos) << last.head;
    EXPECT_EQ(last.body, "okoko");
    EXPECT_EQ(client.ReadToEnd(), "");  // closed once the response was out
    ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  }
  const Counters counters = server.Read();
  EXPECT_EQ(counters.at("connections"), 1u);
  EXPECT_EQ(counters.at("requests"), 5u);
  EXPECT_EQ(counters.at("bad_requests"), 0u);
  server.Release();
  EXPECT_TRUE(IsOpen(server.listener().fd()));
}

TEST_P(LibuvRrServer, AnswersABadRequestWith400AndCloses) {
  RrServer server;
  ASSERT_EQ(server.Prepare(GetParam()), RB_OK) << server.message();
  auto serving = server.Serve();
  BlockingClient client(server.listener().port());
  client.Send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\n\r\n");
  const Response response = ReadResponse(client);
  EXPECT_EQ(response.head.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << response.head;
  EXPECT_EQ(client.ReadToEnd(), "");
  ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  const Counters counters = server.Read();
  EXPECT_EQ(counters.at("bad_requests"), 1u);
  EXPECT_EQ(counters.at("requests"), 0u);
}

TEST_P(LibuvRrServer, ClosesAfterAnHttp10RequestWithoutKeepAlive) {
  RrServer server;
  ASSERT_EQ(server.Prepare(GetParam()), RB_OK) << server.message();
  auto serving = server.Serve();
  for (int c = 0; c < 3; ++c) {
    BlockingClient client(server.listener().port());
    client.Send("GET / HTTP/1.0\r\n\r\n");
    EXPECT_EQ(ReadResponse(client).body, "okoko");
    EXPECT_EQ(client.ReadToEnd(), "");
  }
  ASSERT_EQ(serving->StopAndJoin(), RB_OK) << serving->message();
  const Counters counters = server.Read();
  EXPECT_EQ(counters.at("connections"), 3u);
  EXPECT_EQ(counters.at("requests"), 3u);
}

INSTANTIATE_TEST_SUITE_P(Threads, LibuvRrServer, ::testing::Values(1u, 2u),
                         [](const auto& info) { return "threads" + std::to_string(info.param); });

}  // namespace
}  // namespace rb_test
