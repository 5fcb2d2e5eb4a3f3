#pragma once

#include <cstdint>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "reactorbench/plugin.h"
#include "rr_cases.h"
#include "test_host.h"

namespace rb_test {

// One plugin's rr server as the host runs it: a listening socket bound on 127.0.0.1:0 and an
// eventfd as stop_fd, both owned here; and, as in the host's server process, prepare, serve,
// counters and release one after the other on one thread (a plugin may require that, as the
// muduo-style reactor does), started by the constructor and ended by Stop().
class ServedRrServer {
 public:
  ServedRrServer(const RrCase& rr_case, uint32_t body_size);
  ~ServedRrServer();
  ServedRrServer(const ServedRrServer&) = delete;
  ServedRrServer& operator=(const ServedRrServer&) = delete;

  // RB_OK, or prepare's code with its message in prepare_error(); serving only after RB_OK.
  int prepare_rc() const { return prepare_rc_; }
  const std::string& prepare_error() const { return prepare_error_; }
  uint16_t port() const { return port_; }

  // Makes stop_fd readable and waits for serve; returns its code, message in serve_error().
  // A serve that does not return within a generous bound ends the test program.
  int Stop();
  const std::string& serve_error() const { return serve_error_; }

  // After Stop(): the counters the plugin reported once serve returned; throws if it failed.
  std::map<std::string, uint64_t> Counters() const;

 private:
  // The host's sequence, on serving_.
  void Run(const rb_rr_server_params& params, const std::vector<rb_option>& options);

  const rb_rr_server_ops* ops_ = nullptr;
  TestHost host_;
  int listen_fd_ = -1;
  int stop_fd_ = -1;
  uint16_t port_ = 0;
  int prepare_rc_ = RB_ERR_INTERNAL;
  std::string prepare_error_;
  std::promise<void> prepared_;
  std::promise<void> served_;
  std::thread serving_;
  int serve_rc_ = RB_ERR_INTERNAL;
  std::string serve_error_;
  std::map<std::string, uint64_t> counters_;
  std::string counters_error_;
};

}  // namespace rb_test
