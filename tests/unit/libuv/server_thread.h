#pragma once

#include <cstddef>
#include <string>
#include <thread>

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

}  // namespace rb_test
