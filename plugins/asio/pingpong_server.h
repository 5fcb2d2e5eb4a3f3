// The pingpong echo server (plugin.h, workload pingpong) on the shared AcceptingServer. Every
// connection is an EchoConnection: what arrived is written back whole, then it reads again; it
// ends at the client's end of stream, closing the connection, which is what completes the
// client's session.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include <boost/asio/buffer.hpp>

#include "counting_server.h"
#include "options.h"
#include "reactorbench/plugin.h"

namespace rbasio {

struct EchoCounters {
  std::uint64_t bytesRead = 0;
  std::uint64_t bytesWritten = 0;
  EchoCounters& operator+=(const EchoCounters& more) {
    bytesRead += more.bytesRead;
    bytesWritten += more.bytesWritten;
    return *this;
  }
  void report(const rb_counter_sink& sink) const {
    sink.put(sink.ctx, "bytes_read", bytesRead);
    sink.put(sink.ctx, "bytes_written", bytesWritten);
  }
};

// One connection's buffer, counting into its context's EchoCounters (the connection concept
// of accepting_server.h).
class EchoConnection {
 public:
  EchoConnection(EchoCounters& counters, std::size_t size)
      : counters_(counters), size_(size), data_(new char[size]) {}

  boost::asio::mutable_buffer readBuffer() { return {data_.get(), size_}; }
  // The n bytes just read are the answer; an echo never closes on its own.
  bool consume(std::size_t n) {
    counters_.bytesRead += n;
    pending_ = n;
    return false;
  }
  bool hasPending() const { return pending_ != 0; }
  boost::asio::const_buffer pending() const { return {data_.get(), pending_}; }
  void sent(std::size_t n) { counters_.bytesWritten += n; }

 private:
  EchoCounters& counters_;
  const std::size_t size_;
  std::unique_ptr<char[]> data_;
  std::size_t pending_ = 0;
};

// Counts "connections", "accept_refused", "bytes_read", "bytes_written".
class PingpongServer : public CountingServer<EchoCounters> {
 public:
  // Throws std::invalid_argument or std::system_error.
  PingpongServer(const rb_pingpong_server_params& params, const PluginOptions& options);

 protected:
  // In context `index`'s thread.
  EchoConnection connection(std::size_t index) { return {counters(index), readBuffer()}; }
};

}  // namespace rbasio
