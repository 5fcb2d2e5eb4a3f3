// The rr (HTTP/1.1 request/response) server on the muduo-style reactor, built as
// PingpongServer is (a TcpServer on the host's listening socket, TCP_NODELAY, threads > 1 io
// loops fed round-robin by the calling thread's acceptor), with muduo's HttpServer shape:
// the per-connection parser lives in the connection's context, and a response that ends the
// connection installs a write-complete callback that closes it once the output has drained.
// Requests are parsed by <reactorbench/http_request.h>.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "options.h"
#include "reactor/callbacks.h"
#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactorbench/http_request.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class Buffer;
class TcpServer;

// The two canned 200 responses, built once per server.
class CannedResponses {
 public:
  explicit CannedResponses(std::uint32_t bodySize);
  ~CannedResponses() { rb_http_responses_free(&responses_); }
  CannedResponses(const CannedResponses&) = delete;
  CannedResponses& operator=(const CannedResponses&) = delete;

  const rb_http_responses* get() const { return &responses_; }

 private:
  rb_http_responses responses_;
};

class RrServer {
 public:
  // Creates the base loop in the calling thread; serve and the destructor must run there.
  RrServer(const rb_rr_server_params& params, const PluginOptions& options);
  ~RrServer();
  RrServer(const RrServer&) = delete;
  RrServer& operator=(const RrServer&) = delete;

  // Until stop_fd is readable; then closes every connection and joins the io threads.
  void serve();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void onConnection(const TcpConnectionPtr& conn);
  void onMessage(const TcpConnectionPtr& conn, Buffer* buffer);

  const CannedResponses responses_;
  EventLoop loop_;
  std::unique_ptr<TcpServer> server_;
  Channel stopChannel_;
  // Each connection counts in its own context and adds to these once, when it closes, so the
  // io loops share no counter on the request path.
  std::atomic<std::uint64_t> connections_{0};
  std::uint64_t acceptRefused_ = 0;  // read from the acceptor when serve ends
  std::atomic<std::uint64_t> requests_{0};
  std::atomic<std::uint64_t> badRequests_{0};
};

}  // namespace rbmuduo
