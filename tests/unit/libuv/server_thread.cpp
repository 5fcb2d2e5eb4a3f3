#include "server_thread.h"

namespace rb_test {

ServerThread::ServerThread(ServeFn serve, void* state, const StopFd& stop) : stop_(stop) {
  thread_ = std::thread([this, serve, state] {
    char err[512] = {0};
    code_ = serve(state, err, sizeof err);
    message_ = err;
  });
}

ServerThread::~ServerThread() {
  if (thread_.joinable()) StopAndJoin();
}

int ServerThread::StopAndJoin() {
  stop_.signal();
  thread_.join();
  return code_;
}

}  // namespace rb_test
