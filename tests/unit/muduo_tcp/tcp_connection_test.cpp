// TcpConnection's output queue and close reasons, seen from a blocking peer.
#include "reactor/tcp_connection.h"

#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <thread>

#include "blocking_peer.h"
#include "reactor/event_loop.h"
#include "reactor/tcp_server.h"

namespace rbmuduo {
namespace {

TEST(TcpConnection, ShutdownWaitsUntilQueuedOutputIsWritten) {
  EventLoop loop;
  TcpServer server(&loop, InetAddress(0, true), "bulk");
  const std::string bulk(8 << 20, 'b');  // far more than the socket buffers hold
  std::uint64_t written = 0;
  server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    if (conn->connected()) {
      conn->send(bulk);
      EXPECT_GT(conn->outputBuffer()->readableBytes(), 0u) << "nothing was left queued";
      conn->shutdown();
    } else {
      written = conn->bytesWritten();
      loop.quit();
    }
  });
  server.start();
  std::string received;
  std::thread peer([&] {
    const int fd = testing::connectTo(server.listenAddress().port());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // let the output queue up
    received = testing::readUntilEof(fd);
    ::close(fd);
  });
  loop.loop();
  peer.join();
  EXPECT_EQ(received.size(), bulk.size());
  EXPECT_EQ(written, bulk.size());
}

TEST(TcpConnection, ResetByThePeerIsKeptAsLastError) {
  EventLoop loop;
  TcpServer server(&loop, InetAddress(0, true), "reset");
  int lastError = -1;
  bool sawData = false;
  server.setMessageCallback([&](const TcpConnectionPtr&, Buffer* buffer) {
    sawData = true;
    buffer->retrieveAll();
  });
  server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    if (!conn->connected()) {
      lastError = conn->lastError();
      loop.quit();
    }
  });
  server.start();
  std::thread peer([&] {
    const int fd = testing::connectTo(server.listenAddress().port());
    testing::writeAll(fd, "data");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const linger abort{1, 0};  // close with RST
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
    ::close(fd);
  });
  loop.loop();
  peer.join();
  EXPECT_TRUE(sawData);
  EXPECT_EQ(lastError, ECONNRESET);
}

TEST(TcpConnection, OrderlyCloseHasNoError) {
  EventLoop loop;
  TcpServer server(&loop, InetAddress(0, true), "orderly");
  int lastError = -1;
  server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    if (!conn->connected()) {
      lastError = conn->lastError();
      loop.quit();
    }
  });
  server.start();
  std::thread peer([&] { ::close(testing::connectTo(server.listenAddress().port())); });
  loop.loop();
  peer.join();
  EXPECT_EQ(lastError, 0);
}

}  // namespace
}  // namespace rbmuduo
