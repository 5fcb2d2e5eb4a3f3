#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "../../support/loopback.h"
#include "reactorbench/plugin.h"

namespace rb_test {

// What the runner hands a server: a non-blocking socket listening on 127.0.0.1:0.
using Listener = rbtest::LoopbackListener;
// The host's stop_fd: an eventfd that becomes readable on signal().
using StopFd = rbtest::StopEventFd;

// A blocking client socket, each read or write given up after a few seconds so that a server
// that stops answering fails the test instead of hanging it.
class BlockingClient {
 public:
  explicit BlockingClient(uint16_t port);
  void Send(const std::string& data) const;
  std::string ReadExactly(size_t n) const;
  // Everything until the server's end of stream (throws on a timeout or reset).
  std::string ReadToEnd() const;
  void ShutdownWrite() const;

 private:
  rbtest::UniqueFd fd_;
};

bool IsOpen(int fd);

using Counters = std::map<std::string, uint64_t>;
// Collects what a counters(state, sink, err, len) call reports; throws on an error code.
Counters CollectCounters(int (*counters)(void*, const rb_counter_sink*, char*, size_t),
                         void* state);

}  // namespace rb_test
