#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "reactorbench/plugin.h"

namespace rb_test {

// What the runner hands a server: a non-blocking socket listening on 127.0.0.1:0.
class Listener {
 public:
  Listener();
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  int fd() const { return fd_; }
  uint16_t port() const { return port_; }

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

// The host's stop_fd: an eventfd that becomes readable on Signal().
class StopFd {
 public:
  StopFd();
  ~StopFd();
  StopFd(const StopFd&) = delete;
  StopFd& operator=(const StopFd&) = delete;
  int fd() const { return fd_; }
  void Signal() const;

 private:
  int fd_ = -1;
};

// A blocking client socket, each read or write given up after a few seconds so that a server
// that stops answering fails the test instead of hanging it.
class BlockingClient {
 public:
  explicit BlockingClient(uint16_t port);
  ~BlockingClient();
  BlockingClient(const BlockingClient&) = delete;
  BlockingClient& operator=(const BlockingClient&) = delete;
  void Send(const std::string& data) const;
  std::string ReadExactly(size_t n) const;
  // Everything until the server's end of stream (throws on a timeout or reset).
  std::string ReadToEnd() const;
  void ShutdownWrite() const;

 private:
  int fd_ = -1;
};

bool IsOpen(int fd);

using Counters = std::map<std::string, uint64_t>;
// Collects what a counters(state, sink, err, len) call reports; throws on an error code.
Counters CollectCounters(int (*counters)(void*, const rb_counter_sink*, char*, size_t),
                         void* state);

}  // namespace rb_test
