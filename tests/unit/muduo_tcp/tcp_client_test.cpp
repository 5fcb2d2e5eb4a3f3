// TcpClient and its Connector: connect, shut the write side down, and a refused connect
// reported rather than retried when retry is off.
#include "reactor/tcp_client.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <thread>

#include "blocking_peer.h"
#include "reactor/event_loop.h"
#include "reactor/tcp_connection.h"

namespace rbmuduo {
namespace {

TEST(TcpClient, DisconnectShutsTheWriteSideAfterTheOutput) {
  testing::Listener listener;
  std::string received;
  std::thread peer([&] {
    const int fd = listener.acceptOne();
    received = testing::readUntilEof(fd);  // ends at the client's shutdown
    ::close(fd);
  });
  EventLoop loop;
  TcpClient client(&loop, InetAddress("127.0.0.1", listener.port()), "client");
  int lastError = -1;
  client.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    if (conn->connected()) {
      conn->setTcpNoDelay(true);
      conn->send("ping");
      client.disconnect();
    } else {
      lastError = conn->lastError();
      loop.quit();
    }
  });
  client.connect();
  loop.loop();
  peer.join();
  EXPECT_EQ(received, "ping");
  EXPECT_EQ(lastError, 0);
  EXPECT_EQ(client.connection(), nullptr);
}

TEST(TcpClient, RefusedConnectIsReportedWhenRetryIsOff) {
  EventLoop loop;
  TcpClient client(&loop, InetAddress("127.0.0.1", testing::unusedPort()), "refused");
  client.setConnectRetry(false);
  int failure = 0;
  client.setConnectFailureCallback([&](int error) {
    failure = error;
    loop.quit();
  });
  client.connect();
  loop.runAfter(std::chrono::seconds(10), [&] { loop.quit(); });
  loop.loop();
  EXPECT_EQ(failure, ECONNREFUSED);
}

TEST(TcpClient, StopAbandonsARetryingConnect) {
  EventLoop loop;
  TcpClient client(&loop, InetAddress("127.0.0.1", testing::unusedPort()), "retrying");
  int failures = 0;
  client.setConnectFailureCallback([&](int) { ++failures; });
  client.connect();
  // Retry is on (muduo's default): the first refusal schedules another attempt instead of
  // reporting; stop() then ends it for good.
  loop.runAfter(std::chrono::milliseconds(100), [&] {
    client.stop();
    loop.quit();
  });
  loop.loop();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(client.connection(), nullptr);
}

}  // namespace
}  // namespace rbmuduo
