// Socket: a TCP socket fd with the options and calls the reactor needs. Closes the fd on
// destruction unless it was adopted without ownership (a listening socket someone else
// made, such as the benchmark host's).
#pragma once

#include "reactor/inet_address.h"

namespace rbmuduo {

class Socket {
 public:
  explicit Socket(int fd, bool owned = true) : fd_(fd), owned_(owned) {}
  ~Socket();
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  // A new non-blocking, close-on-exec IPv4 stream socket; throws std::system_error.
  static int createNonblocking();

  int fd() const { return fd_; }

  // Each throws std::system_error naming the call.
  void bindAddress(const InetAddress& address);
  void listen();
  // The next pending connection, non-blocking and close-on-exec, or -1 with errno set
  // (EAGAIN when there is none).
  int accept(InetAddress* peer);

  void shutdownWrite();
  void setTcpNoDelay(bool on);
  void setReuseAddr(bool on);

  InetAddress localAddress() const;
  InetAddress peerAddress() const;
  // SO_ERROR: the error a non-blocking connect ended with, 0 for none.
  int error() const;

 private:
  const int fd_;
  const bool owned_;
};

}  // namespace rbmuduo
