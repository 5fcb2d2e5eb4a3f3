// The rr (HTTP/1.1 request/response) server on the muduo-style reactor, on the same
// ListeningServer as PingpongServer, with muduo's HttpServer shape:
// the per-connection parser lives in the connection's context, and a response that ends the
// connection installs a write-complete callback that closes it once the output has drained.
// Requests are parsed by <reactorbench/http_request.h>.
#pragma once

#include <atomic>
#include <cstdint>

#include "listening_server.h"
#include "options.h"
#include "reactor/callbacks.h"
#include "reactorbench/http_request.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class Buffer;

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

  // Until stop_fd is readable; then closes every connection and joins the io threads.
  void serve();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void onConnection(const TcpConnectionPtr& conn);
  void onMessage(const TcpConnectionPtr& conn, Buffer* buffer);

  const CannedResponses responses_;
  // Each connection counts in its own context and adds to these once, when it closes, so the
  // io loops share no counter on the request path. Before server_: its connections add to
  // them as they close, until server_ is gone.
  std::atomic<std::uint64_t> requests_{0};
  std::atomic<std::uint64_t> badRequests_{0};
  ListeningServer server_;
};

}  // namespace rbmuduo
