#include "reactor/tcp_client.h"

#include "reactor/connector.h"
#include "reactor/event_loop.h"
#include "reactor/socket.h"
#include "reactor/tcp_connection.h"

namespace rbmuduo {

TcpClient::TcpClient(EventLoop* loop, const InetAddress& serverAddress, std::string name)
    : loop_(loop),
      connector_(std::make_shared<Connector>(loop, serverAddress)),
      name_(std::move(name)) {
  connector_->setNewConnectionCallback([this](int sockfd) { newConnection(sockfd); });
}

TcpClient::~TcpClient() {
  TcpConnectionPtr conn = connection();
  if (conn) {
    // Still connected (its owner gave up on it): close it in its loop, which must run it.
    conn->setCloseCallback([](const TcpConnectionPtr& c) {
      c->getLoop()->queueInLoop([c] { c->connectDestroyed(); });
    });
    conn->forceClose();
  }
}

void TcpClient::setConnectFailureCallback(std::function<void(int)> cb) {
  connector_->setFailureCallback(std::move(cb));
}

void TcpClient::setConnectRetry(bool on) {
  connector_->setRetry(on);
}

void TcpClient::connect() {
  loop_->runInLoop([this] { connect_ = true; });
  connector_->start();
}

void TcpClient::disconnect() {
  loop_->runInLoop([this] { connect_ = false; });
  if (TcpConnectionPtr conn = connection()) {
    conn->shutdown();
  }
}

void TcpClient::stop() {
  loop_->runInLoop([this] { connect_ = false; });
  connector_->stop();
}

TcpConnectionPtr TcpClient::connection() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return connection_;
}

void TcpClient::newConnection(int sockfd) {
  loop_->assertInLoopThread();
  const Socket probe(sockfd, /*owned=*/false);
  auto conn = std::make_shared<TcpConnection>(loop_, name_ + "#" + std::to_string(nextConnId_++),
                                              sockfd, probe.localAddress(), probe.peerAddress());
  conn->setConnectionCallback(connectionCallback_);
  conn->setMessageCallback(messageCallback_);
  conn->setWriteCompleteCallback(writeCompleteCallback_);
  conn->setCloseCallback([this](const TcpConnectionPtr& c) { removeConnection(c); });
  {
    std::lock_guard<std::mutex> lock(mutex_);
    connection_ = conn;
  }
  conn->connectEstablished();
}

void TcpClient::removeConnection(const TcpConnectionPtr& conn) {
  loop_->assertInLoopThread();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    connection_.reset();
  }
  loop_->queueInLoop([conn] { conn->connectDestroyed(); });
  if (retry_ && connect_) {
    connector_->restart();
  }
}

}  // namespace rbmuduo
