#include "served_rr_server.h"

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

#include "built_plugins.h"

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

ServedRrServer::ServedRrServer(const RrCase& rr_case, uint32_t body_size)
    : ops_(LoadPlugin(rr_case.path).rr_server) {
  if (ops_ == nullptr) throw std::runtime_error(rr_case.path + " offers no rr_server");
  listen_fd_ = ListenOnLoopback(&port_);
  stop_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (stop_fd_ < 0) throw std::runtime_error("eventfd failed");
  rb_rr_server_params params{};
  params.struct_size = sizeof params;
  params.listen_fd = listen_fd_;
  params.stop_fd = stop_fd_;
  params.threads = rr_case.threads;
  params.body_size = body_size;
  std::vector<rb_option> options;
  for (const auto& [key, value] : rr_case.options) options.push_back({key.c_str(), value.c_str()});
  serving_ = std::thread([this, params, options] { Run(params, options); });
  prepared_.get_future().wait();
  if (prepare_rc_ != RB_OK) serving_.join();
}

void ServedRrServer::Run(const rb_rr_server_params& params, const std::vector<rb_option>& options) {
  std::array<char, 512> err{};
  void* state = nullptr;
  prepare_rc_ =
      ops_->prepare(host_.services(), &params, options.data(),
                    static_cast<uint32_t>(options.size()), &state, err.data(), err.size());
  prepare_error_ = err.data();
  prepared_.set_value();
  if (prepare_rc_ != RB_OK) return;
  err.fill(0);
  serve_rc_ = ops_->serve(state, err.data(), err.size());
  serve_error_ = err.data();
  rb_counter_sink sink{};
  sink.ctx = &counters_;
  sink.put = [](void* ctx, const char* name, uint64_t value) {
    (*static_cast<std::map<std::string, uint64_t>*>(ctx))[name] = value;
  };
  err.fill(0);
  if (ops_->counters(state, &sink, err.data(), err.size()) != RB_OK)
    counters_error_ = std::string("counters failed: ") + err.data();
  ops_->release(state);
  served_.set_value();
}

ServedRrServer::~ServedRrServer() {
  Stop();
  if (stop_fd_ >= 0) ::close(stop_fd_);
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

int ServedRrServer::Stop() {
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

std::map<std::string, uint64_t> ServedRrServer::Counters() const {
  if (!counters_error_.empty()) throw std::runtime_error(counters_error_);
  return counters_;
}

}  // namespace rb_test
