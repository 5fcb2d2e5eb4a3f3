// One session of the muduo-style pingpong client (muduo examples/pingpong/client.cc's
// Session): a TcpClient that sends the block once connected, echoes every message back
// until stopped, then shuts its write side down and counts what still arrives until the
// server closes. Everything but the constructor runs in the session's loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "pingpong_client_counts.h"
#include "reactor/callbacks.h"
#include "reactor/inet_address.h"
#include "reactor/tcp_client.h"

namespace rbmuduo {

class EventLoop;

enum class SessionEnd { kOpen, kCompleted, kConnectFailed, kReset };

class PingpongSession {
 public:
  // onEnd runs once, in the session's loop, when the session is over for good.
  PingpongSession(EventLoop* loop, const InetAddress& server, std::uint32_t index,
                  const std::string& block, std::uint32_t verifyStride,
                  std::function<void()> onEnd);
  PingpongSession(const PingpongSession&) = delete;
  PingpongSession& operator=(const PingpongSession&) = delete;

  void start();
  // Thread-safe: stop echoing and shut the write side down (muduo's session->stop()).
  void stop();
  // Thread-safe: close at once, or abandon the connect (the host wants the run over).
  void abort();

  // Read once the session has ended: what the C plugins' client loops count (its end among
  // them), and the first byte that differed from the pattern, for the failure's reason.
  const pingpong_client_counts& counts() const { return counts_; }
  const pingpong_mismatch& firstMismatch() const { return firstMismatch_; }
  SessionEnd end() const { return end_; }
  std::uint32_t index() const { return index_; }

 private:
  void onConnection(const TcpConnectionPtr& conn);
  void onMessage(const TcpConnectionPtr& conn, Buffer* buffer);
  void finish(SessionEnd end);

  EventLoop* const loop_;
  const std::uint32_t index_;
  const std::string& block_;
  const std::uint32_t blockSize_;
  const bool verify_;
  std::function<void()> onEnd_;
  TcpClient client_;
  TcpConnectionPtr conn_;
  bool stopped_ = false;
  std::uint64_t offset_ = 0;  // stream bytes received so far
  pingpong_client_counts counts_{};
  pingpong_mismatch firstMismatch_{};
  SessionEnd end_ = SessionEnd::kOpen;
};

}  // namespace rbmuduo
