#pragma once

#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "reactorbench/plugin.h"
#include "test_host.h"

namespace rb_test {

using OptionPairs = std::vector<std::pair<std::string, std::string>>;

// A counter sink that puts every counter into *counters.
rb_counter_sink MapSink(std::map<std::string, uint64_t>* counters);

// A server table of the ABI (rr_server, pingpong_server) reduced to what ServedServer calls:
// prepare with the host's services, listening socket and stop_fd, then serve, counters,
// release.
struct ServerCalls {
  std::function<int(const rb_host* host, int listen_fd, int stop_fd, void** state, char* err,
                    size_t err_len)>
      prepare;
  int (*serve)(void* state, char* err, size_t err_len) = nullptr;
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len) = nullptr;
  void (*release)(void* state) = nullptr;
};

// The calls of a server table whose params are `params` (struct_size set; listen_fd and
// stop_fd filled in by the server) and whose options are `options`.
template <class Ops, class Params>
ServerCalls CallsOf(const Ops& ops, Params params, const OptionPairs& options) {
  ServerCalls calls;
  calls.prepare = [&ops, params, options](const rb_host* host, int listen_fd, int stop_fd,
                                          void** state, char* err, size_t err_len) mutable {
    params.listen_fd = listen_fd;
    params.stop_fd = stop_fd;
    std::vector<rb_option> list;
    for (const auto& [key, value] : options) list.push_back({key.c_str(), value.c_str()});
    return ops.prepare(host, &params, list.data(), static_cast<uint32_t>(list.size()), state, err,
                       err_len);
  };
  calls.serve = ops.serve;
  calls.counters = ops.counters;
  calls.release = ops.release;
  return calls;
}

// One plugin's server as the host runs it: a listening socket bound on 127.0.0.1:0 and an
// eventfd as stop_fd, both owned here; and, as in the host's server process, prepare, serve,
// counters and release one after the other on one thread (a plugin may require that, as the
// muduo-style reactor does), started by the constructor and ended by Stop().
class ServedServer {
 public:
  // `calls` gets the listening socket and the stop_fd made here.
  explicit ServedServer(ServerCalls calls);
  ~ServedServer();
  ServedServer(const ServedServer&) = delete;
  ServedServer& operator=(const ServedServer&) = delete;

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
  void Run();

  ServerCalls calls_;
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
