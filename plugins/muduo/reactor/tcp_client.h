// TcpClient: one outgoing connection in one loop: a Connector until it connects, then a
// TcpConnection. disconnect() shuts the write side down once the output has drained (the
// pingpong client's stop); stop() abandons a connect still in flight.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "reactor/callbacks.h"
#include "reactor/inet_address.h"

namespace rbmuduo {

class Connector;
class EventLoop;

class TcpClient {
 public:
  TcpClient(EventLoop* loop, const InetAddress& serverAddress, std::string name);
  // Loop thread, or any thread once the loop has stopped and the connection is gone.
  ~TcpClient();
  TcpClient(const TcpClient&) = delete;
  TcpClient& operator=(const TcpClient&) = delete;

  void setConnectionCallback(ConnectionCallback cb) { connectionCallback_ = std::move(cb); }
  void setMessageCallback(MessageCallback cb) { messageCallback_ = std::move(cb); }
  void setWriteCompleteCallback(WriteCompleteCallback cb) {
    writeCompleteCallback_ = std::move(cb);
  }
  // Called in the loop with the errno when a connect attempt fails and retry is off.
  void setConnectFailureCallback(std::function<void(int)> cb);
  // Retry a failed connect with back-off (muduo's Connector does); before connect().
  void setConnectRetry(bool on);
  // Reconnect after an established connection closes; off by default, as in muduo.
  void enableRetry() { retry_ = true; }

  // Thread-safe.
  void connect();
  void disconnect();
  void stop();

  EventLoop* getLoop() const { return loop_; }
  const std::string& name() const { return name_; }
  TcpConnectionPtr connection() const;

 private:
  void newConnection(int sockfd);
  void removeConnection(const TcpConnectionPtr& conn);

  EventLoop* const loop_;
  const std::shared_ptr<Connector> connector_;
  const std::string name_;
  ConnectionCallback connectionCallback_;
  MessageCallback messageCallback_;
  WriteCompleteCallback writeCompleteCallback_;
  bool retry_ = false;
  bool connect_ = false;  // loop thread
  int nextConnId_ = 1;
  mutable std::mutex mutex_;
  TcpConnectionPtr connection_;  // guarded by mutex_
};

}  // namespace rbmuduo
