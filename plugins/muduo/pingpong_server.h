// The pingpong server on the muduo-style reactor, as muduo's examples/pingpong/server.cc: a
// TcpServer on the host's listening socket (listening_server.h) with onMessage =
// conn->send(buf).
#pragma once

#include <atomic>
#include <cstdint>

#include "listening_server.h"
#include "options.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class PingpongServer {
 public:
  // Creates the base loop in the calling thread; serve and the destructor must run there.
  PingpongServer(const rb_pingpong_server_params& params, const PluginOptions& options);

  // Until stop_fd is readable; then closes every connection and joins the io threads.
  // Throws std::runtime_error if accepting failed.
  void serve() { server_.serve(); }
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  // Before server_: its connections add to them as they close, until server_ is gone.
  std::atomic<std::uint64_t> bytesRead_{0};
  std::atomic<std::uint64_t> bytesWritten_{0};
  ListeningServer server_;
};

}  // namespace rbmuduo
