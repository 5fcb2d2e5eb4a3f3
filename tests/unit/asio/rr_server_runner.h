// One asio plugin's rr server, driven as the host drives it: prepare on a loopback listener,
// serve on a thread of its own, then the stop, the counters and release.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <thread>

#include "loopback_peer.h"
#include "reactorbench/plugin.h"

namespace rbasio_test {

using Counters = std::map<std::string, std::uint64_t>;

// The descriptor of REACTORBENCH_PLUGIN_DIR/<stem>.so (dlopen'ed once, never closed).
const rb_plugin& LoadPlugin(const std::string& stem);

class RrServerRunner {
 public:
  // Prepares the server; serve starts at once. Fails the test on an error.
  RrServerRunner(const rb_plugin& plugin, std::uint32_t threads, std::uint32_t bodySize);
  // Stops it if the test did not.
  ~RrServerRunner();
  RrServerRunner(const RrServerRunner&) = delete;
  RrServerRunner& operator=(const RrServerRunner&) = delete;

  std::uint16_t port() const { return listener_.port(); }
  // Makes stop_fd readable and joins serve; returns serve's code (its message in lastError).
  int Stop();
  Counters ReadCounters();
  const std::string& lastError() const { return error_; }

 private:
  const rb_rr_server_ops& ops_;
  LoopbackListener listener_;
  int stopFd_;
  void* state_ = nullptr;
  std::thread serving_;
  int serveCode_ = -1;
  char serveError_[256] = {};
  std::string error_;
};

}  // namespace rbasio_test
