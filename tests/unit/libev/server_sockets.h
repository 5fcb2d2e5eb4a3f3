#pragma once

#include <cstdint>
#include <string>

#include "../../support/loopback.h"

namespace rb_test {

// The host's side of a server workload (pingpong, rr): a non-blocking socket listening on
// 127.0.0.1 at a port of the kernel's choosing, and the stop eventfd. Closed on destruction.
// Throws std::system_error if either cannot be made.
class ServerSockets {
 public:
  int listen_fd() const { return listener_.fd(); }
  int stop_fd() const { return stop_.fd(); }
  uint16_t port() const { return listener_.port(); }

  // Makes stop_fd readable, as the host does when it wants the server to stop.
  void RequestStop() const { stop_.signal(); }

 private:
  rbtest::LoopbackListener listener_;
  rbtest::StopEventFd stop_;
};

// A blocking TCP client of 127.0.0.1:port, with a receive timeout so a test never hangs.
class TestClient {
 public:
  explicit TestClient(uint16_t port);

  void Send(const std::string& bytes) const;
  // Reads until `count` bytes have arrived, the peer closes, or the timeout passes.
  std::string Receive(std::size_t count) const;
  // Reads until the peer closes (or the timeout passes); `closed` says which.
  std::string ReceiveUntilClosed(bool* closed) const;

 private:
  rbtest::UniqueFd fd_;
};

}  // namespace rb_test
