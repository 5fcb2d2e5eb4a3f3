// One rr connection's protocol state, the same in both plugins: the read buffer, the shared
// HTTP parser (reactorbench/http_request.h) and the responses queued for the next write (the
// connection concept of accepting_server.h). The styles differ only in how they wait for the
// reads and writes this asks for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <boost/asio/buffer.hpp>

#include "reactorbench/http_request.h"
#include "reactorbench/plugin.h"

namespace rbasio {

// Counted per io_context in its own thread; summed once every thread has joined.
struct RrCounters {
  std::uint64_t requests = 0;     // answered 200
  std::uint64_t badRequests = 0;  // answered 400
  RrCounters& operator+=(const RrCounters& more) {
    requests += more.requests;
    badRequests += more.badRequests;
    return *this;
  }
  void report(const rb_counter_sink& sink) const {
    sink.put(sink.ctx, "requests", requests);
    sink.put(sink.ctx, "bad_requests", badRequests);
  }
};

// The two canned 200 responses for one body size, built once and shared read-only.
class HttpResponses {
 public:
  // Throws std::bad_alloc.
  explicit HttpResponses(std::uint32_t bodySize);
  ~HttpResponses();
  HttpResponses(const HttpResponses&) = delete;
  HttpResponses& operator=(const HttpResponses&) = delete;
  const rb_http_responses& get() const { return responses_; }

 private:
  rb_http_responses responses_{};
};

class RrConnection {
 public:
  RrConnection(const HttpResponses& responses, RrCounters& counters, std::size_t readBuffer);

  boost::asio::mutable_buffer readBuffer() { return {buffer_.get(), bufferSize_}; }

  // Parses the `length` bytes just read into readBuffer() and queues one response per
  // complete request. Returns true when the connection must close once the queued
  // responses are sent: a bad request (400) or one without keep-alive.
  bool consume(std::size_t length);

  // What to write next; none means read on.
  bool hasPending() const { return !pending_.empty(); }
  const std::vector<boost::asio::const_buffer>& pending() const { return pending_; }
  void sent(std::size_t) { pending_.clear(); }

 private:
  const rb_http_responses& responses_;
  RrCounters& counters_;
  const std::size_t bufferSize_;
  std::unique_ptr<char[]> buffer_;
  rb_http_parser parser_;
  std::vector<boost::asio::const_buffer> pending_;
};

}  // namespace rbasio
