#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "loopback.h"

namespace rb_test {

// serve(state) on a thread of its own while the test plays the client; the destructor asks
// the server to stop (through stop_fd, as the host does) if the test did not, and joins.
class ServerThread {
 public:
  using ServeFn = int (*)(void*, char*, size_t);
  ServerThread(ServeFn serve, void* state, const StopFd& stop);
  ~ServerThread();
  ServerThread(const ServerThread&) = delete;
  ServerThread& operator=(const ServerThread&) = delete;

  // Signals stop_fd, waits for serve to return and gives its code; message() its error text.
  int StopAndJoin();
  const std::string& message() const { return message_; }

 private:
  const StopFd& stop_;
  std::thread thread_;
  int code_ = -1;
  std::string message_;
};

// One prepare..release of a server table of the plugin (pingpong_server or rr_server) on a
// listener and stop_fd of the test's: serve on a thread, counters, the error text.
template <typename Ops>
class ServerUnderTest {
 public:
  explicit ServerUnderTest(const Ops& ops) : ops_(ops) {}
  ~ServerUnderTest() { Release(); }
  ServerUnderTest(const ServerUnderTest&) = delete;
  ServerUnderTest& operator=(const ServerUnderTest&) = delete;

  std::unique_ptr<ServerThread> Serve() {
    return std::make_unique<ServerThread>(ops_.serve, state_, stop_);
  }
  Counters Read() const { return CollectCounters(ops_.counters, state_); }
  void Release() {
    if (state_ != nullptr) ops_.release(state_);
    state_ = nullptr;
  }
  const Listener& listener() const { return listener_; }
  const char* message() const { return err_; }

 protected:
  // prepare with these params, their listen_fd and stop_fd the test's.
  template <typename Params>
  int PrepareWith(Params params, const std::vector<rb_option>& options) {
    params.listen_fd = listener_.fd();
    params.stop_fd = stop_.fd();
    const int rc = ops_.prepare(nullptr, &params, options.data(),
                                static_cast<uint32_t>(options.size()), &state_, err_, sizeof err_);
    if (rc != RB_OK) state_ = nullptr;
    return rc;
  }

 private:
  const Ops& ops_;
  Listener listener_;
  StopFd stop_;
  void* state_ = nullptr;
  char err_[512] = {0};
};

}  // namespace rb_test
