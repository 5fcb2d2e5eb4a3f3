// The libev rr server against blocking clients: keep-alive and pipelined requests answered in
// order, Connection: close and a bad request closing after their response, a body far larger
// than the socket buffers arriving whole, and exact counters once the host stops it.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <thread>

#include "built_plugins.h"
#include "reactorbench/http_request.h"
#include "server_sockets.h"
#include "test_host.h"

namespace rb_test {
namespace {

const char kGet[] = "GET / HTTP/1.1\r\nHost: test\r\n\r\n";
const char kGetThenClose[] = "GET /x HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";

// One prepared server, serving on its own thread from construction to Stop().
class RunningRrServer {
 public:
  RunningRrServer(uint32_t threads, uint32_t body_size)
      : ops_(*LoadBuiltPlugin("libev").rr_server) {
    rb_rr_server_params params{};
    params.struct_size = sizeof params;
    params.listen_fd = sockets_.listen_fd();
    params.stop_fd = sockets_.stop_fd();
    params.threads = threads;
    params.body_size = body_size;
    std::array<char, 512> err{};
    prepare_rc_ =
        ops_.prepare(host_.services(), &params, nullptr, 0, &state_, err.data(), err.size());
    prepare_error_ = err.data();
    if (prepare_rc_ == RB_OK) {
      serving_ = std::thread([this] {
        std::array<char, 512> serve_err{};
        serve_rc_ = ops_.serve(state_, serve_err.data(), serve_err.size());
        serve_error_ = serve_err.data();
      });
    }
  }

  ~RunningRrServer() {
    Stop();
    if (state_ != nullptr) ops_.release(state_);
  }

  RunningRrServer(const RunningRrServer&) = delete;
  RunningRrServer& operator=(const RunningRrServer&) = delete;

  uint16_t port() const { return sockets_.port(); }
  int prepare_rc() const { return prepare_rc_; }
  const std::string& prepare_error() const { return prepare_error_; }

  // Asks the server to stop and waits for serve; returns its code, message in error().
  int Stop() {
    if (serving_.joinable()) {
      sockets_.RequestStop();
      serving_.join();
    }
    return serve_rc_;
  }
  const std::string& serve_error() const { return serve_error_; }

  std::map<std::string, uint64_t> Counters() const {
    std::map<std::string, uint64_t> counters;
    rb_counter_sink sink{};
    sink.ctx = &counters;
    sink.put = [](void* ctx, const char* name, uint64_t value) {
      (*static_cast<std::map<std::string, uint64_t>*>(ctx))[name] = value;
    };
    std::array<char, 512> err{};
    EXPECT_EQ(ops_.counters(state_, &sink, err.data(), err.size()), RB_OK) << err.data();
    return counters;
  }

 private:
  const rb_rr_server_ops& ops_;
  ServerSockets sockets_;
  TestHost host_;
  void* state_ = nullptr;
  int prepare_rc_ = RB_OK;
  std::string prepare_error_;
  std::thread serving_;
  int serve_rc_ = RB_OK;
  std::string serve_error_;
};

// The two 200 responses for a body size, as the server must send them.
class Expected {
 public:
  explicit Expected(uint32_t body_size) { rb_http_responses_init(&responses_, body_size); }
  ~Expected() { rb_http_responses_free(&responses_); }
  Expected(const Expected&) = delete;
  Expected& operator=(const Expected&) = delete;

  std::string Response(bool keep_alive) const {
    size_t length = 0;
    const char* data = rb_http_response(&responses_, keep_alive ? 1 : 0, &length);
    return std::string(data, length);
  }

 private:
  rb_http_responses responses_{};
};

class LibevRrServer : public ::testing::TestWithParam<uint32_t> {};

TEST_P(LibevRrServer, AnswersPipelinedRequestsInOrderAndClosesWhenAsked) {
  RunningRrServer server(GetParam(), 2);
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  const Expected expected(2);
  {
    const TestClient client(server.port());
    client.Send(kGet);
    EXPECT_EQ(client.Receive(expected.Response(true).size()), expected.Response(true));
    // Three requests in one segment, the last asking to close.
    client.Send(std::string(kGet) + kGet + kGetThenClose);
    bool closed = false;
    EXPECT_EQ(client.ReceiveUntilClosed(&closed),
              expected.Response(true) + expected.Response(true) + expected.Response(false));
    EXPECT_TRUE(closed);
  }
  {
    const TestClient client(server.port());
    client.Send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\n\r\n");
    bool closed = false;
    EXPECT_EQ(client.ReceiveUntilClosed(&closed), std::string(RB_HTTP_400));
    EXPECT_TRUE(closed);
  }
  {
    // HTTP/1.0 without keep-alive closes after its response.
    const TestClient client(server.port());
    client.Send("GET / HTTP/1.0\r\n\r\n");
    bool closed = false;
    EXPECT_EQ(client.ReceiveUntilClosed(&closed), expected.Response(false));
    EXPECT_TRUE(closed);
  }
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  const auto counters = server.Counters();
  EXPECT_EQ(counters.at("connections"), 3u);
  EXPECT_EQ(counters.at("requests"), 5u);
  EXPECT_EQ(counters.at("bad_requests"), 1u);
}

TEST_P(LibevRrServer, ABodyLargerThanTheSocketBuffersArrivesWhole) {
  constexpr uint32_t kBody = 16u << 20;
  RunningRrServer server(GetParam(), kBody);
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  const Expected expected(kBody);
  const TestClient client(server.port());
  client.Send(std::string(kGet) + kGet);
  const std::string both = expected.Response(true) + expected.Response(true);
  const std::string received = client.Receive(both.size());
  ASSERT_EQ(received.size(), both.size());
  EXPECT_TRUE(received == both) << "the responses differ";
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  EXPECT_EQ(server.Counters().at("requests"), 2u);
}

TEST_P(LibevRrServer, StopClosesConnectionsStillOpen) {
  RunningRrServer server(GetParam(), 2);
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  const Expected expected(2);
  const TestClient client(server.port());
  client.Send(kGet);
  ASSERT_EQ(client.Receive(expected.Response(true).size()), expected.Response(true));
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  bool closed = false;
  EXPECT_EQ(client.ReceiveUntilClosed(&closed), "");
  EXPECT_TRUE(closed);
}

INSTANTIATE_TEST_SUITE_P(Threads, LibevRrServer, ::testing::Values(1u, 3u),
                         [](const auto& info) { return std::to_string(info.param) + "_threads"; });

}  // namespace
}  // namespace rb_test
