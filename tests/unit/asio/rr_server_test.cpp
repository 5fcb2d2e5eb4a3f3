#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "loopback_peer.h"
#include "reactorbench/http_request.h"
#include "rr_server_runner.h"

namespace rbasio_test {
namespace {

constexpr char kKeepAliveRequest[] = "GET / HTTP/1.1\r\nHost: test\r\n\r\n";
constexpr char kCloseRequest[] = "GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
constexpr char kMalformedRequest[] = "hello\r\n\r\n";

// The canned responses every rr server sends (reactorbench/http_request.h).
struct CannedResponses {
  explicit CannedResponses(std::uint32_t bodySize) {
    EXPECT_EQ(rb_http_responses_init(&responses, bodySize), 0);
  }
  ~CannedResponses() { rb_http_responses_free(&responses); }
  std::string keepAlive() const { return {responses.keep_alive, responses.keep_alive_len}; }
  std::string close() const { return {responses.close, responses.close_len}; }
  rb_http_responses responses{};
};

const std::string kBadRequest(RB_HTTP_400, RB_HTTP_400_LEN);

// (plugin file stem, threads)
class AsioRrServer : public ::testing::TestWithParam<std::tuple<std::string, std::uint32_t>> {
 protected:
  const rb_plugin& plugin() { return LoadPlugin(std::get<0>(GetParam())); }
  std::uint32_t threads() const { return std::get<1>(GetParam()); }
};

TEST(AsioRrResponses, BodySizeTwoIsAnOkWithItsLength) {
  const CannedResponses canned(2);
  const std::string response = canned.keepAlive();
  EXPECT_EQ(response.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << response;
  EXPECT_NE(response.find("\r\nContent-Length: 2\r\n"), std::string::npos) << response;
  EXPECT_EQ(response.substr(response.size() - 6), "\r\n\r\nok") << response;
}

TEST_P(AsioRrServer, AnswersKeepAliveCloseAndMalformedRequestsAndCountsThem) {
  const CannedResponses canned(2);
  RrServerRunner server(plugin(), threads(), 2);
  {
    Client keepAlive(server.port());
    for (int i = 0; i < 2; ++i) {
      keepAlive.send(kKeepAliveRequest);
      EXPECT_EQ(keepAlive.receive(canned.keepAlive().size()), canned.keepAlive())
          << "request " << i;
    }
    Client closing(server.port());
    closing.send(kCloseRequest);
    EXPECT_EQ(closing.receive(canned.close().size()), canned.close());
    EXPECT_TRUE(closing.closedByServer());

    Client malformed(server.port());
    malformed.send(kMalformedRequest);
    EXPECT_EQ(malformed.receive(kBadRequest.size()), kBadRequest);
    EXPECT_TRUE(malformed.closedByServer());
  }
  ASSERT_EQ(server.Stop(), RB_OK) << server.lastError();
  const Counters counters = server.ReadCounters();
  EXPECT_EQ(
      counters,
      (Counters{{"connections", 3}, {"requests", 3}, {"bad_requests", 1}, {"accept_refused", 0}}));
}

TEST_P(AsioRrServer, AnswersPipelinedRequestsInOrder) {
  const CannedResponses canned(2);
  RrServerRunner server(plugin(), threads(), 2);
  Client client(server.port());
  client.send(std::string(kKeepAliveRequest) + kKeepAliveRequest + kCloseRequest);
  const std::string expected = canned.keepAlive() + canned.keepAlive() + canned.close();
  EXPECT_EQ(client.receive(expected.size()), expected);
  EXPECT_TRUE(client.closedByServer());
  ASSERT_EQ(server.Stop(), RB_OK) << server.lastError();
  EXPECT_EQ(server.ReadCounters().at("requests"), 3u);
}

TEST_P(AsioRrServer, StopClosesOpenConnections) {
  const CannedResponses canned(2);
  RrServerRunner server(plugin(), threads(), 2);
  Client idle(server.port());
  idle.send(kKeepAliveRequest);
  EXPECT_EQ(idle.receive(canned.keepAlive().size()), canned.keepAlive());
  ASSERT_EQ(server.Stop(), RB_OK) << server.lastError();
  EXPECT_TRUE(idle.closedByServer());
}

INSTANTIATE_TEST_SUITE_P(BothStyles, AsioRrServer,
                         ::testing::Combine(::testing::Values("asio_callback", "asio_coroutine"),
                                            ::testing::Values(1u, 3u)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_threads" +
                                  std::to_string(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace rbasio_test
