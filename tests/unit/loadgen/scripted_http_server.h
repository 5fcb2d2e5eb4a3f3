// A deliberately simple HTTP server on 127.0.0.1:0 for the load generator's tests: one
// thread, poll(2), a request is anything up to "\r\n\r\n", and the answer follows a script.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>

namespace rb_test {

enum class Script {
  ok,             // 200 with "ok"
  wrong_body,     // 200 with "no"
  status_503,     // 503 with an empty body
  close_after_1,  // answers the first request of each connection, then closes it
  silent,         // reads and never answers
  close_each,     // answers with Connection: close and closes
};

class ScriptedHttpServer {
 public:
  explicit ScriptedHttpServer(Script script);
  ~ScriptedHttpServer();
  ScriptedHttpServer(const ScriptedHttpServer&) = delete;
  ScriptedHttpServer& operator=(const ScriptedHttpServer&) = delete;

  int port() const { return port_; }
  std::uint64_t requests() const { return requests_.load(); }
  std::uint64_t connections() const { return connections_.load(); }

 private:
  void serve();

  Script script_;
  int listen_fd_ = -1;
  int stop_fd_ = -1;
  int port_ = 0;
  std::atomic<std::uint64_t> requests_{0};
  std::atomic<std::uint64_t> connections_{0};
  std::thread thread_;
};

}  // namespace rb_test
