// The other end of a test connection: plain blocking sockets, so a test exercises the
// reactor against behaviour it does not implement itself.
#pragma once

#include <cstdint>
#include <string>

#include "../../support/loopback.h"

namespace rbmuduo::testing {

// A listening socket on 127.0.0.1 with a kernel-chosen port; closes on destruction.
class Listener {
 public:
  int fd() const { return listener_.fd(); }
  std::uint16_t port() const { return listener_.port(); }
  int acceptOne() const;  // blocking

 private:
  rbtest::LoopbackListener listener_{/*blocking=*/true};
};

// Blocking calls that fail the calling test (and return what they managed) on error.
int connectTo(std::uint16_t port);
void writeAll(int fd, const std::string& data);
std::string readExactly(int fd, std::size_t n);
std::string readUntilEof(int fd);
// A port nothing listens on (bound, read back, closed).
std::uint16_t unusedPort();

}  // namespace rbmuduo::testing
