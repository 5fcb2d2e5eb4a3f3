#include "loopback.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace rb_test {
BlockingClient::BlockingClient(uint16_t port) : fd_(rbtest::connect_loopback(port, 5)) {}

void BlockingClient::Send(const std::string& data) const {
  size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd_.get(), data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) rbtest::throw_errno("send");
    sent += static_cast<size_t>(n);
  }
}

std::string BlockingClient::ReadExactly(size_t n) const {
  std::string data(n, '\0');
  size_t got = 0;
  while (got < n) {
    const ssize_t r = recv(fd_.get(), data.data() + got, n - got, 0);
    if (r == 0) throw std::runtime_error("end of stream after " + std::to_string(got) + " bytes");
    if (r < 0) rbtest::throw_errno("recv");
    got += static_cast<size_t>(r);
  }
  return data;
}

std::string BlockingClient::ReadToEnd() const {
  std::string data;
  char buffer[4096];
  for (;;) {
    const ssize_t r = recv(fd_.get(), buffer, sizeof buffer, 0);
    if (r == 0) return data;
    if (r < 0) rbtest::throw_errno("recv");
    data.append(buffer, static_cast<size_t>(r));
  }
}

void BlockingClient::ShutdownWrite() const {
  if (shutdown(fd_.get(), SHUT_WR) != 0) rbtest::throw_errno("shutdown");
}

bool IsOpen(int fd) {
  return fcntl(fd, F_GETFD) != -1;
}

Counters CollectCounters(int (*counters)(void*, const rb_counter_sink*, char*, size_t),
                         void* state) {
  Counters collected;
  rb_counter_sink sink{};
  sink.ctx = &collected;
  sink.put = [](void* ctx, const char* name, uint64_t value) {
    (*static_cast<Counters*>(ctx))[name] = value;
  };
  char err[512] = {0};
  if (counters(state, &sink, err, sizeof err) != RB_OK)
    throw std::runtime_error(std::string("counters: ") + err);
  return collected;
}

}  // namespace rb_test
