// Acceptor: the listening socket's Channel in the loop that accepts. Like muduo it accepts
// one connection per readable event (the level-triggered poller reports the rest on the
// next poll), and keeps a spare fd so that running out of descriptors does not leave a
// pending connection spinning the loop.
#pragma once

#include <functional>

#include "reactor/channel.h"
#include "reactor/inet_address.h"
#include "reactor/socket.h"

namespace rbmuduo {

class EventLoop;

class Acceptor {
 public:
  using NewConnectionCallback = std::function<void(int sockfd, const InetAddress& peer)>;

  // Binds and owns a new socket on listenAddress.
  Acceptor(EventLoop* loop, const InetAddress& listenAddress, bool reusePort = false);
  // Adopts a socket someone else bound (and may have set listening); never closes it.
  Acceptor(EventLoop* loop, int listenFd);
  ~Acceptor();
  Acceptor(const Acceptor&) = delete;
  Acceptor& operator=(const Acceptor&) = delete;

  // Without a callback, accepted connections are closed at once.
  void setNewConnectionCallback(NewConnectionCallback cb) {
    newConnectionCallback_ = std::move(cb);
  }

  // Starts watching; listen(2) first unless the adopted socket already listens.
  void listen();
  bool listening() const { return listening_; }
  InetAddress localAddress() const { return socket_.localAddress(); }
  // accept(2) failures other than "nothing pending", for the owner to report.
  std::uint64_t acceptErrors() const { return acceptErrors_; }
  // Connections closed at once for want of file descriptors.
  std::uint64_t refused() const { return refused_; }

 private:
  void handleRead();

  EventLoop* const loop_;
  Socket socket_;
  const bool adopted_;
  Channel channel_;
  NewConnectionCallback newConnectionCallback_;
  bool listening_ = false;
  int idleFd_;
  std::uint64_t acceptErrors_ = 0;
  std::uint64_t refused_ = 0;
};

}  // namespace rbmuduo
