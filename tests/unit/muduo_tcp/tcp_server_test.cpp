// TcpServer (with its Acceptor) against blocking peers: echo through the base loop or a
// pool of io loops, and an adopted listening socket left open.
#include "reactor/tcp_server.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <thread>

#include "blocking_peer.h"
#include "reactor/event_loop.h"
#include "reactor/tcp_connection.h"

namespace rbmuduo {
namespace {

using testing::connectTo;
using testing::readExactly;
using testing::writeAll;

// Quits a stuck test instead of letting it hang; the flag says whether it had to.
struct Watchdog {
  explicit Watchdog(EventLoop& loop) {
    loop.runAfter(std::chrono::seconds(10), [&] {
      fired = true;
      loop.quit();
    });
  }
  bool fired = false;
};

void echo(const TcpConnectionPtr& conn, Buffer* buffer) {
  conn->send(buffer);
}

TEST(TcpServer, EchoesInTheBaseLoopAndCountsBytesBothWays) {
  EventLoop loop;
  Watchdog watchdog(loop);
  TcpServer server(&loop, InetAddress(0, true), "echo");
  int connects = 0;
  std::uint64_t bytesRead = 0, bytesWritten = 0;
  EventLoop* ioLoop = nullptr;
  server.setMessageCallback(echo);
  server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    ioLoop = conn->getLoop();
    if (conn->connected()) {
      ++connects;
      return;
    }
    bytesRead = conn->bytesRead();
    bytesWritten = conn->bytesWritten();
    loop.quit();
  });
  server.start();
  const std::string message(11000, 'x');
  std::string echoed;
  std::thread peer([&] {
    const int fd = connectTo(server.listenAddress().port());
    writeAll(fd, message);
    echoed = readExactly(fd, message.size());
    ::close(fd);
  });
  loop.loop();
  peer.join();
  EXPECT_FALSE(watchdog.fired);
  EXPECT_EQ(echoed, message);
  EXPECT_EQ(connects, 1);
  EXPECT_EQ(ioLoop, &loop);
  EXPECT_EQ(bytesRead, message.size());
  EXPECT_EQ(bytesWritten, message.size());
  EXPECT_EQ(server.connectionCount(), 0u);
}

TEST(TcpServer, ThreadPoolTakesConnectionsRoundRobin) {
  EventLoop loop;
  Watchdog watchdog(loop);
  TcpServer server(&loop, InetAddress(0, true), "pool");
  server.setThreadNum(2);
  std::mutex mutex;
  std::map<EventLoop*, int> perLoop;  // guarded by mutex
  int closed = 0;                     // guarded by mutex
  server.setMessageCallback(echo);
  server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
    std::lock_guard<std::mutex> lock(mutex);
    if (conn->connected()) {
      ++perLoop[conn->getLoop()];
    } else if (++closed == 4) {
      loop.quit();
    }
  });
  server.start();
  std::thread peer([&] {
    int fds[4];
    for (int& fd : fds) {
      fd = connectTo(server.listenAddress().port());
      writeAll(fd, "ping");
      EXPECT_EQ(readExactly(fd, 4), "ping");
    }
    for (int fd : fds) ::close(fd);
  });
  loop.loop();
  peer.join();
  EXPECT_FALSE(watchdog.fired);
  ASSERT_EQ(perLoop.size(), 2u);
  for (const auto& [ioLoop, count] : perLoop) {
    EXPECT_NE(ioLoop, &loop);
    EXPECT_EQ(count, 2);
  }
}

TEST(TcpServer, ServesAnAdoptedSocketAndLeavesItOpen) {
  testing::Listener listener;
  ::fcntl(listener.fd(), F_SETFL, O_NONBLOCK);
  {
    EventLoop loop;
    Watchdog watchdog(loop);
    TcpServer server(&loop, listener.fd(), "adopted");
    server.setMessageCallback(echo);
    server.setConnectionCallback([&](const TcpConnectionPtr& conn) {
      if (!conn->connected()) loop.quit();
    });
    server.start();
    EXPECT_EQ(server.listenAddress().port(), listener.port());
    std::thread peer([&] {
      const int fd = connectTo(listener.port());
      writeAll(fd, "adopted");
      EXPECT_EQ(readExactly(fd, 7), "adopted");
      ::close(fd);
    });
    loop.loop();
    peer.join();
    EXPECT_FALSE(watchdog.fired);
  }
  EXPECT_NE(::fcntl(listener.fd(), F_GETFD), -1) << "the server closed a socket it did not own";
}

TEST(TcpServer, DestroyingTheServerClosesOpenConnections) {
  EventLoop loop;
  auto server = std::make_unique<TcpServer>(&loop, InetAddress(0, true), "closing");
  server->setThreadNum(1);
  int disconnects = 0;
  server->setConnectionCallback([&](const TcpConnectionPtr& conn) {
    if (conn->connected()) {
      loop.quit();
    } else {
      ++disconnects;
    }
  });
  server->start();
  const int fd = connectTo(server->listenAddress().port());
  loop.loop();  // until the connection is established
  server.reset();
  EXPECT_EQ(testing::readUntilEof(fd), "");  // the server's side is closed
  EXPECT_EQ(disconnects, 1);
  ::close(fd);
}

}  // namespace
}  // namespace rbmuduo
