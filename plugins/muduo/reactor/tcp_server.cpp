#include "reactor/tcp_server.h"

#include <unistd.h>

#include "reactor/acceptor.h"
#include "reactor/event_loop.h"
#include "reactor/event_loop_thread_pool.h"
#include "reactor/socket.h"
#include "reactor/tcp_connection.h"

namespace rbmuduo {

TcpServer::TcpServer(EventLoop* loop, const InetAddress& listenAddress, std::string name)
    : loop_(loop),
      name_(std::move(name)),
      acceptor_(std::make_unique<Acceptor>(loop, listenAddress)),
      threadPool_(std::make_unique<EventLoopThreadPool>(loop)) {
  acceptor_->setNewConnectionCallback(
      [this](int sockfd, const InetAddress& peer) { newConnection(sockfd, peer); });
}

TcpServer::TcpServer(EventLoop* loop, int listenFd, std::string name)
    : loop_(loop),
      name_(std::move(name)),
      acceptor_(std::make_unique<Acceptor>(loop, listenFd)),
      threadPool_(std::make_unique<EventLoopThreadPool>(loop)) {
  acceptor_->setNewConnectionCallback(
      [this](int sockfd, const InetAddress& peer) { newConnection(sockfd, peer); });
}

TcpServer::~TcpServer() {
  loop_->assertInLoopThread();
  // Each connection goes in its own loop; the pool's threads are joined after that (the
  // functors queued here run before a loop honours the quit that follows them).
  for (auto& [name, conn] : connections_) {
    TcpConnectionPtr last = std::move(conn);
    last->getLoop()->runInLoop([last] { last->connectDestroyed(); });
  }
  connections_.clear();
  acceptor_.reset();
  threadPool_.reset();
}

void TcpServer::setThreadNum(int numThreads) {
  threadPool_->setThreadNum(numThreads);
}

void TcpServer::start() {
  if (started_.exchange(true)) {
    return;
  }
  loop_->runInLoop([this] {
    threadPool_->start();
    acceptor_->listen();
  });
}

std::uint64_t TcpServer::acceptRefused() const {
  return acceptor_->refused();
}

InetAddress TcpServer::listenAddress() const {
  return acceptor_->localAddress();
}

void TcpServer::newConnection(int sockfd, const InetAddress& peer) {
  loop_->assertInLoopThread();
  EventLoop* ioLoop = threadPool_->getNextLoop();
  std::string connName = name_ + "#" + std::to_string(nextConnId_++);
  const Socket probe(sockfd, /*owned=*/false);
  auto conn = std::make_shared<TcpConnection>(ioLoop, connName, sockfd, probe.localAddress(), peer);
  connections_[connName] = conn;
  conn->setConnectionCallback(connectionCallback_);
  conn->setMessageCallback(messageCallback_);
  conn->setWriteCompleteCallback(writeCompleteCallback_);
  conn->setCloseCallback([this](const TcpConnectionPtr& c) { removeConnection(c); });
  ioLoop->runInLoop([conn] { conn->connectEstablished(); });
}

void TcpServer::removeConnection(const TcpConnectionPtr& conn) {
  loop_->runInLoop([this, conn] { removeConnectionInLoop(conn); });
}

void TcpServer::removeConnectionInLoop(const TcpConnectionPtr& conn) {
  loop_->assertInLoopThread();
  connections_.erase(conn->name());
  // Queued, not run: the connection may still be inside its own handleClose.
  conn->getLoop()->queueInLoop([conn] { conn->connectDestroyed(); });
}

}  // namespace rbmuduo
