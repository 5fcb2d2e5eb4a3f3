// The pingpong server on the muduo-style reactor, as muduo's examples/pingpong/server.cc:
// a TcpServer on the host's listening socket, TCP_NODELAY on every connection, and
// onMessage = conn->send(buf). threads > 1 gives the server that many io loops (the
// calling thread then only accepts), exactly as `server.setThreadNum(threads)` there.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "options.h"
#include "reactor/callbacks.h"
#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class TcpServer;

class PingpongServer {
 public:
  // Creates the base loop in the calling thread; serve and the destructor must run there.
  PingpongServer(const rb_pingpong_server_params& params, const PluginOptions& options);
  ~PingpongServer();
  PingpongServer(const PingpongServer&) = delete;
  PingpongServer& operator=(const PingpongServer&) = delete;

  // Until stop_fd is readable; then closes every connection and joins the io threads.
  // Throws std::runtime_error if accepting failed.
  void serve();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void onConnection(const TcpConnectionPtr& conn);

  EventLoop loop_;
  std::unique_ptr<TcpServer> server_;
  Channel stopChannel_;
  std::atomic<std::uint64_t> connections_{0};
  std::uint64_t acceptRefused_ = 0;  // read from the acceptor when serve ends
  std::atomic<std::uint64_t> bytesRead_{0};
  std::atomic<std::uint64_t> bytesWritten_{0};
};

}  // namespace rbmuduo
