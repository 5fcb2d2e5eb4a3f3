// The client end of the tests: plain blocking sockets on 127.0.0.1, with a receive timeout
// so that a server that stays silent fails the test instead of hanging it.
#pragma once

#include <cstdint>
#include <string>

#include "../../support/loopback.h"

namespace rbasio_test {

// A bound, listening, non-blocking socket on 127.0.0.1 with a kernel-chosen port, as the
// host hands a server; closed on destruction.
using LoopbackListener = rbtest::LoopbackListener;

// A connected client socket; closed on destruction.
class Client {
 public:
  explicit Client(std::uint16_t port);

  void send(const std::string& data);
  // Exactly n bytes, or what arrived before end of stream, an error or the timeout.
  std::string receive(std::size_t n);
  // True when the server closed: a read returns end of stream (not a timeout).
  bool closedByServer();

 private:
  rbtest::UniqueFd fd_;
};

}  // namespace rbasio_test
