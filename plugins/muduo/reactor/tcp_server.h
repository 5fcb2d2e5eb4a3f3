// TcpServer: accepts in its base loop and hands each connection to an io loop from its
// thread pool (the base loop itself with no threads, as muduo's setThreadNum(0)). Owns the
// connections until they close; destroying the server destroys the rest in their loops.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "reactor/callbacks.h"
#include "reactor/inet_address.h"

namespace rbmuduo {

class Acceptor;
class EventLoop;
class EventLoopThreadPool;

class TcpServer {
 public:
  // Binds a new listening socket.
  TcpServer(EventLoop* loop, const InetAddress& listenAddress, std::string name);
  // Serves on a socket someone else bound (never closes it).
  TcpServer(EventLoop* loop, int listenFd, std::string name);
  // Base loop thread only; the io loops must still be running.
  ~TcpServer();
  TcpServer(const TcpServer&) = delete;
  TcpServer& operator=(const TcpServer&) = delete;

  // Before start(): 0 keeps every connection in the base loop.
  void setThreadNum(int numThreads);
  void setConnectionCallback(ConnectionCallback cb) { connectionCallback_ = std::move(cb); }
  void setMessageCallback(MessageCallback cb) { messageCallback_ = std::move(cb); }
  void setWriteCompleteCallback(WriteCompleteCallback cb) {
    writeCompleteCallback_ = std::move(cb);
  }

  // Thread-safe and idempotent: starts the pool and listens.
  void start();

  EventLoop* getLoop() const { return loop_; }
  const std::string& name() const { return name_; }
  InetAddress listenAddress() const;
  // Base loop thread only.
  std::size_t connectionCount() const { return connections_.size(); }
  // Base loop thread only: connections refused for want of file descriptors.
  std::uint64_t acceptRefused() const;

 private:
  void newConnection(int sockfd, const InetAddress& peer);
  void removeConnection(const TcpConnectionPtr& conn);
  void removeConnectionInLoop(const TcpConnectionPtr& conn);

  EventLoop* const loop_;
  const std::string name_;
  std::unique_ptr<Acceptor> acceptor_;
  std::unique_ptr<EventLoopThreadPool> threadPool_;
  ConnectionCallback connectionCallback_;
  MessageCallback messageCallback_;
  WriteCompleteCallback writeCompleteCallback_;
  std::atomic<bool> started_{false};
  std::uint64_t nextConnId_ = 1;
  std::map<std::string, TcpConnectionPtr> connections_;
};

}  // namespace rbmuduo
