#pragma once

#include <cstdint>
#include <string>

namespace rb_test {

// The host's side of a server workload (pingpong, rr): a non-blocking socket listening on
// 127.0.0.1 at a port of the kernel's choosing, and the stop eventfd. Closed on destruction.
// Throws std::system_error if either cannot be made.
class ServerSockets {
 public:
  ServerSockets();
  ~ServerSockets();
  ServerSockets(const ServerSockets&) = delete;
  ServerSockets& operator=(const ServerSockets&) = delete;

  int listen_fd() const { return listen_fd_; }
  int stop_fd() const { return stop_fd_; }
  uint16_t port() const { return port_; }

  // Makes stop_fd readable, as the host does when it wants the server to stop.
  void RequestStop() const;

 private:
  int listen_fd_ = -1;
  int stop_fd_ = -1;
  uint16_t port_ = 0;
};

// A blocking TCP client of 127.0.0.1:port, with a receive timeout so a test never hangs.
class TestClient {
 public:
  explicit TestClient(uint16_t port);
  ~TestClient();
  TestClient(const TestClient&) = delete;
  TestClient& operator=(const TestClient&) = delete;

  void Send(const std::string& bytes) const;
  // Reads until `count` bytes have arrived, the peer closes, or the timeout passes.
  std::string Receive(std::size_t count) const;
  // Reads until the peer closes (or the timeout passes); `closed` says which.
  std::string ReceiveUntilClosed(bool* closed) const;

 private:
  int fd_ = -1;
};

}  // namespace rb_test
