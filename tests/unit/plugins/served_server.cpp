#include "served_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace rb_test {

namespace {

// Far beyond any healthy stop; only a server that ignores stop_fd gets here.
constexpr std::chrono::seconds kServeReturnBound{60};

int ListenOnLoopback(uint16_t* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("socket failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd, 1024) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    ::close(fd);
    throw std::runtime_error("cannot listen on 127.0.0.1");
  }
  *port = ntohs(address.sin_port);
  return fd;
}

}  // namespace

rb_counter_sink MapSink(std::map<std::string, uint64_t>* counters) {
  rb_counter_sink sink{};
  sink.ctx = counters;
  sink.put = [](void* ctx, const char* name, uint64_t value) {
    (*static_cast<std::map<std::string, uint64_t>*>(ctx))[name] = value;
  };
  return sink;
}

ServedServer::ServedServer(ServerCalls calls) : calls_(std::move(calls)) {
  listen_fd_ = ListenOnLoopback(&port_);
  stop_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (stop_fd_ < 0) throw std::runtime_error("eventfd failed");
  serving_ = std::thread([this] { Run(); });
  prepared_.get_future().wait();
  if (prepare_rc_ != RB_OK) serving_.join();
}

void ServedServer::Run() {
  std::array<char, 512> err{};
  void* state = nullptr;
  prepare_rc_ =
      calls_.prepare(host_.services(), listen_fd_, stop_fd_, &state, err.data(), err.size());
  prepare_error_ = err.data();
  prepared_.set_value();
  if (prepare_rc_ != RB_OK) return;
  err.fill(0);
  serve_rc_ = calls_.serve(state, err.data(), err.size());
  serve_error_ = err.data();
  const rb_counter_sink sink = MapSink(&counters_);
  err.fill(0);
  if (calls_.counters(state, &sink, err.data(), err.size()) != RB_OK)
    counters_error_ = std::string("counters failed: ") + err.data();
  calls_.release(state);
  served_.set_value();
}

ServedServer::~ServedServer() {
  Stop();
  if (stop_fd_ >= 0) ::close(stop_fd_);
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

int ServedServer::Stop() {
  if (!serving_.joinable()) return serve_rc_;
  const uint64_t one = 1;
  const bool signalled = ::write(stop_fd_, &one, sizeof one) == static_cast<ssize_t>(sizeof one);
  // The serving thread cannot be abandoned while it uses the plugin: end the program instead.
  if (!signalled || served_.get_future().wait_for(kServeReturnBound) != std::future_status::ready) {
    std::fprintf(stderr, signalled ? "serve did not return after stop_fd became readable\n"
                                   : "cannot write the stop eventfd\n");
    std::abort();
  }
  serving_.join();
  return serve_rc_;
}

std::map<std::string, uint64_t> ServedServer::Counters() const {
  if (!counters_error_.empty()) throw std::runtime_error(counters_error_);
  return counters_;
}

}  // namespace rb_test
