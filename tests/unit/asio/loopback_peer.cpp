#include "loopback_peer.h"

#include <unistd.h>

#include <gtest/gtest.h>

namespace rbasio_test {

Client::Client(std::uint16_t port) : fd_(rbtest::connect_loopback(port, 5)) {}

void Client::send(const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd_.get(), data.data() + done, data.size() - done);
    if (n <= 0) {
      ADD_FAILURE() << "write failed after " << done << " bytes";
      return;
    }
    done += static_cast<std::size_t>(n);
  }
}

std::string Client::receive(std::size_t n) {
  std::string data(n, '\0');
  std::size_t done = 0;
  while (done < n) {
    const ssize_t got = ::read(fd_.get(), data.data() + done, n - done);
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  data.resize(done);
  return data;
}

bool Client::closedByServer() {
  char byte = 0;
  return ::read(fd_.get(), &byte, 1) == 0;
}

}  // namespace rbasio_test
