// Connector: a non-blocking connect(2) in one loop, reporting the connected fd. As in muduo
// a refused or failed attempt is retried with a doubling back-off (0.5 s up to 30 s); with
// retries turned off the failure goes to the failure callback instead, which is what a
// benchmark client wants (a refused connection is a result, not something to wait out).
// Owned through shared_ptr: its retry timer and queued calls hold only a weak reference.
#pragma once

#include <chrono>
#include <functional>
#include <memory>

#include "reactor/inet_address.h"
#include "reactor/timer_queue.h"

namespace rbmuduo {

class Channel;
class EventLoop;

class Connector : public std::enable_shared_from_this<Connector> {
 public:
  using NewConnectionCallback = std::function<void(int sockfd)>;
  // errno of the failed attempt; ECANCELED when stop() ended one in flight.
  using FailureCallback = std::function<void(int error)>;

  static constexpr std::chrono::milliseconds kInitRetryDelay{500};
  static constexpr std::chrono::milliseconds kMaxRetryDelay{30000};

  Connector(EventLoop* loop, const InetAddress& serverAddress);
  ~Connector();
  Connector(const Connector&) = delete;
  Connector& operator=(const Connector&) = delete;

  void setNewConnectionCallback(NewConnectionCallback cb) {
    newConnectionCallback_ = std::move(cb);
  }
  void setFailureCallback(FailureCallback cb) { failureCallback_ = std::move(cb); }
  // Before start(); on by default, as in muduo.
  void setRetry(bool on) { retry_ = on; }

  // Thread-safe.
  void start();
  void stop();
  // Loop thread: connect again from the initial back-off (after a connection was lost).
  void restart();

  const InetAddress& serverAddress() const { return serverAddress_; }

 private:
  enum State { kDisconnected, kConnecting, kConnected };

  void startInLoop();
  void stopInLoop();
  void connect();
  void connecting(int sockfd);
  void handleWrite();
  void handleError();
  void fail(int sockfd, int error);
  int removeAndResetChannel();

  EventLoop* const loop_;
  const InetAddress serverAddress_;
  bool connect_ = false;  // loop thread; what start()/stop() last asked for
  State state_ = kDisconnected;
  bool retry_ = true;
  std::unique_ptr<Channel> channel_;
  std::chrono::milliseconds retryDelay_ = kInitRetryDelay;
  TimerId retryTimer_;
  NewConnectionCallback newConnectionCallback_;
  FailureCallback failureCallback_;
};

}  // namespace rbmuduo
