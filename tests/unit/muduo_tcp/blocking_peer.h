// The other end of a test connection: plain blocking sockets, so a test exercises the
// reactor against behaviour it does not implement itself.
#pragma once

#include <cstdint>
#include <string>

namespace rbmuduo::testing {

// A listening socket on 127.0.0.1 with a kernel-chosen port; closes on destruction.
class Listener {
 public:
  Listener();
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  int fd() const { return fd_; }
  std::uint16_t port() const { return port_; }
  int acceptOne() const;  // blocking

 private:
  int fd_;
  std::uint16_t port_;
};

// Blocking calls that fail the calling test (and return what they managed) on error.
int connectTo(std::uint16_t port);
void writeAll(int fd, const std::string& data);
std::string readExactly(int fd, std::size_t n);
std::string readUntilEof(int fd);
// A port nothing listens on (bound, read back, closed).
std::uint16_t unusedPort();

}  // namespace rbmuduo::testing
