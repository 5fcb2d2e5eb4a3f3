#include "loadgen/load_generator.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "scripted_http_server.h"

namespace rb::loadgen {
namespace {

using namespace std::chrono_literals;
using rb_test::Script;
using rb_test::ScriptedHttpServer;

LoadSpec spec_for(const ScriptedHttpServer& server, std::uint32_t connections,
                  std::chrono::nanoseconds duration) {
  LoadSpec spec;
  spec.port = server.port();
  spec.connections = connections;
  spec.duration = duration;
  spec.request_timeout = 300ms;
  return spec;
}

TEST(LoadGenerator, ClosedLoopCountsEveryRequestAndResponse) {
  ScriptedHttpServer server(Script::ok);
  LoadSpec spec = spec_for(server, 8, 200ms);
  spec.threads = 2;
  const LoadResult result = generate_load(spec);
  EXPECT_GT(result.completed, 8u);
  EXPECT_EQ(result.sent, result.completed);
  EXPECT_EQ(result.latency.count(), result.completed);
  EXPECT_EQ(result.uncorrected_latency.count(), 0u);  // closed loop: `latency` is from the send
  EXPECT_LE(result.in_window, result.completed);
  EXPECT_EQ(result.errors(), 0u) << result.first_error;
  EXPECT_EQ(result.timeouts, 0u);
  EXPECT_EQ(server.requests(), result.completed);
  EXPECT_EQ(server.connections(), 8u);
  EXPECT_DOUBLE_EQ(result.seconds, 0.2);
}

TEST(LoadGenerator, OpenLoopSendsExactlyRateTimesDuration) {
  ScriptedHttpServer server(Script::ok);
  LoadSpec spec = spec_for(server, 4, 500ms);
  spec.rate = 200;  // one request every 5 ms over all connections: 100 in the window
  const LoadResult result = generate_load(spec);
  EXPECT_EQ(result.sent, 100u);
  EXPECT_EQ(result.completed, 100u);
  EXPECT_EQ(result.latency.count(), 100u);
  EXPECT_EQ(result.errors(), 0u) << result.first_error;
  EXPECT_EQ(server.requests(), 100u);
  // wrk2 -U: every response also timed from its actual send, which is never before it was
  // due, so at every percentile the uncorrected latency is at most the corrected one.
  EXPECT_EQ(result.uncorrected_latency.count(), 100u);
  for (const double p : {50.0, 90.0, 99.0, 100.0})
    EXPECT_LE(result.uncorrected_latency.value_at_percentile(p),
              result.latency.value_at_percentile(p))
        << p;
  EXPECT_LE(result.uncorrected_latency.max(), result.latency.max());
}

TEST(LoadGenerator, OpenLoopSpreadsConnectionsOverThreadsWithoutChangingTheSchedule) {
  ScriptedHttpServer server(Script::ok);
  LoadSpec spec = spec_for(server, 6, 300ms);
  spec.rate = 100;
  spec.threads = 3;
  const LoadResult result = generate_load(spec);
  EXPECT_EQ(result.sent, 30u);
  EXPECT_EQ(result.completed, 30u);
}

TEST(LoadGenerator, AWrongBodyIsCountedAsMalformed) {
  ScriptedHttpServer server(Script::wrong_body);
  const LoadResult result = generate_load(spec_for(server, 1, 50ms));
  EXPECT_GT(result.malformed, 0u);
  EXPECT_NE(result.first_error.find("pattern"), std::string::npos) << result.first_error;
  EXPECT_EQ(result.latency.count(), 0u);
}

TEST(LoadGenerator, ANon200StatusIsCounted) {
  ScriptedHttpServer server(Script::status_503);
  const LoadResult result = generate_load(spec_for(server, 2, 50ms));
  EXPECT_GT(result.bad_status, 0u);
  EXPECT_EQ(result.bad_status, result.completed);
  EXPECT_NE(result.first_error.find("503"), std::string::npos) << result.first_error;
}

TEST(LoadGenerator, AServerClosingKeepAliveConnectionsIsCountedAsResets) {
  ScriptedHttpServer server(Script::close_after_1);
  const LoadResult result = generate_load(spec_for(server, 2, 100ms));
  EXPECT_GT(result.resets, 0u);
  EXPECT_GT(result.reconnects, 0u);
  EXPECT_GE(server.connections(), 3u);
}

TEST(LoadGenerator, ASilentServerGivesTimeoutsNotLatencies) {
  ScriptedHttpServer server(Script::silent);
  LoadSpec spec = spec_for(server, 3, 100ms);
  spec.request_timeout = 50ms;
  const LoadResult result = generate_load(spec);
  EXPECT_GE(result.timeouts, 3u);
  EXPECT_EQ(result.completed, 0u);
  EXPECT_EQ(result.latency.count(), 0u);
}

TEST(LoadGenerator, NobodyListeningIsAConnectFailurePerConnection) {
  int port = 0;
  {
    ScriptedHttpServer server(Script::ok);
    port = server.port();
  }  // closed: the port refuses now
  LoadSpec spec;
  spec.port = port;
  spec.connections = 3;
  spec.duration = 20ms;
  const LoadResult result = generate_load(spec);
  EXPECT_EQ(result.connect_failures, 3u);
  EXPECT_NE(result.first_error.find("refused"), std::string::npos) << result.first_error;
}

// A listener whose accept queue is full drops the SYN, as a namespace without a route back
// does: the connect never completes. The failure names the address, the errno and the wait
// (issue 31: it named neither).
TEST(LoadGenerator, AConnectThatNeverCompletesNamesTheAddressAndTheError) {
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 0), 0);
  ASSERT_EQ(::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const int port = ntohs(address.sin_port);
  std::vector<int> fillers;  // never accepted: they fill the queue
  for (int i = 0; i < 4; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    fillers.push_back(fd);
  }
  LoadSpec spec;
  spec.port = port;
  spec.connections = 1;
  spec.duration = 20ms;
  spec.connect_timeout = 300ms;
  const LoadResult result = generate_load(spec);
  for (const int fd : fillers) ::close(fd);
  ::close(listener);
  EXPECT_EQ(result.connect_failures, 1u);
  EXPECT_EQ(result.first_error,
            "connection 0: connect to 127.0.0.1:" + std::to_string(port) +
                ": Connection timed out (no answer within the 300 ms connect timeout)");
}

TEST(LoadGenerator, StopRequestedAbandonsTheRun) {
  ScriptedHttpServer server(Script::ok);
  LoadSpec spec = spec_for(server, 1, 10s);
  spec.stop_requested = [] { return true; };
  EXPECT_THROW(generate_load(spec), std::runtime_error);
}

TEST(LoadGenerator, TheRequestIsAMinimalGetWithHost) {
  EXPECT_EQ(rr_request("127.0.0.1", 8080), "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n");
  EXPECT_EQ(rr_request("127.0.0.1", 80, false),
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:80\r\nConnection: close\r\n\r\n");
}

TEST(LoadGenerator, WithoutKeepAliveEveryRequestGetsItsOwnConnection) {
  ScriptedHttpServer server(Script::close_each);
  LoadSpec spec = spec_for(server, 3, 200ms);
  spec.keep_alive = false;
  const LoadResult result = generate_load(spec);
  EXPECT_GT(result.completed, 3u);
  EXPECT_EQ(result.errors(), 0u) << result.first_error;
  EXPECT_EQ(result.reconnects, 0u);
  // One connection per response, plus those opened for requests the window cut off.
  EXPECT_GE(server.connections(), result.completed);
  EXPECT_LE(server.connections(), result.completed + 3);
}

TEST(LoadGenerator, WithoutKeepAliveAServerThatKeepsTheConnectionIsCaught) {
  ScriptedHttpServer server(Script::ok);
  LoadSpec spec = spec_for(server, 1, 50ms);
  spec.keep_alive = false;
  const LoadResult result = generate_load(spec);
  EXPECT_GT(result.malformed, 0u);
  EXPECT_NE(result.first_error.find("Connection: close"), std::string::npos) << result.first_error;
}

}  // namespace
}  // namespace rb::loadgen
