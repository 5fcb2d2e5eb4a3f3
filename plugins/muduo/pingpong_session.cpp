#include "pingpong_session.h"

#include "reactor/buffer.h"
#include "reactor/event_loop.h"
#include "reactor/tcp_connection.h"
#include "reactorbench/pingpong_pattern.h"

namespace rbmuduo {

PingpongSession::PingpongSession(EventLoop* loop, const InetAddress& server, std::uint32_t index,
                                 const std::string& block, std::uint32_t verifyStride,
                                 std::function<void()> onEnd)
    : loop_(loop),
      index_(index),
      block_(block),
      blockSize_(static_cast<std::uint32_t>(block.size())),
      verify_(rb_pingpong_verifies(index, verifyStride) != 0),
      onEnd_(std::move(onEnd)),
      client_(loop, server, "session" + std::to_string(index)) {
  client_.setConnectRetry(false);
  client_.setConnectionCallback([this](const TcpConnectionPtr& conn) { onConnection(conn); });
  client_.setMessageCallback(
      [this](const TcpConnectionPtr& conn, Buffer* buffer) { onMessage(conn, buffer); });
  client_.setConnectFailureCallback([this](int) { finish(SessionEnd::kConnectFailed); });
}

void PingpongSession::start() {
  client_.connect();
}

void PingpongSession::stop() {
  loop_->runInLoop([this] {
    stopped_ = true;
    if (conn_) {
      conn_->shutdown();
    }
  });
}

void PingpongSession::abort() {
  loop_->runInLoop([this] {
    stopped_ = true;
    if (conn_) {
      conn_->forceClose();
    } else {
      client_.stop();
    }
  });
}

void PingpongSession::onConnection(const TcpConnectionPtr& conn) {
  if (conn->connected()) {
    conn_ = conn;
    conn->setTcpNoDelay(true);
    conn->send(block_);
    // Stopped before it connected (a short run with many sessions): one block, then done.
    if (stopped_) {
      conn->shutdown();
    }
    return;
  }
  conn_.reset();
  // An orderly close after our shutdown is the end asked for; anything else is the
  // server's doing.
  finish(stopped_ && conn->lastError() == 0 ? SessionEnd::kCompleted : SessionEnd::kReset);
}

void PingpongSession::onMessage(const TcpConnectionPtr& conn, Buffer* buffer) {
  const std::size_t n = buffer->readableBytes();
  ++counts_.messages_read;
  counts_.bytes_read += n;
  if (verify_) {
    const auto* data = reinterpret_cast<const unsigned char*>(buffer->peek());
    pingpong_client_verify(&counts_, &firstMismatch_, index_, data, n, offset_, blockSize_);
  }
  offset_ += n;
  if (stopped_) {
    buffer->retrieveAll();
  } else {
    conn->send(buffer);
  }
}

void PingpongSession::finish(SessionEnd end) {
  if (end_ != SessionEnd::kOpen) {
    return;
  }
  end_ = end;
  ++(end == SessionEnd::kCompleted       ? counts_.completed
     : end == SessionEnd::kConnectFailed ? counts_.connect_failures
                                         : counts_.resets);
  onEnd_();
}

}  // namespace rbmuduo
