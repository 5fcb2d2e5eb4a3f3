// The pingpong echo server (plugin.h, workload pingpong) on the shared AcceptingServer. A
// style's session reads what arrived into its EchoBuffer, writes all of it back and reads
// again; it ends at the client's end of stream, closing the connection, which is what
// completes the client's session.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <boost/asio/buffer.hpp>

#include "accepting_server.h"
#include "options.h"
#include "reactorbench/plugin.h"

namespace rbasio {

struct EchoCounters {
  std::uint64_t bytesRead = 0;
  std::uint64_t bytesWritten = 0;
};

// One connection's buffer, counting into its context's EchoCounters.
class EchoBuffer {
 public:
  EchoBuffer(EchoCounters& counters, std::size_t size)
      : counters_(counters), size_(size), data_(new char[size]) {}
  boost::asio::mutable_buffer forRead() { return {data_.get(), size_}; }
  // The n bytes just read, to be written back.
  boost::asio::const_buffer received(std::size_t n) {
    counters_.bytesRead += n;
    return {data_.get(), n};
  }
  void sent(std::size_t n) { counters_.bytesWritten += n; }

 private:
  EchoCounters& counters_;
  const std::size_t size_;
  std::unique_ptr<char[]> data_;
};

class PingpongServer : public AcceptingServer {
 public:
  // Throws std::invalid_argument or std::system_error.
  PingpongServer(const rb_pingpong_server_params& params, const PluginOptions& options);

  // "connections", "bytes_read", "bytes_written"; call once serve has returned.
  void reportCounters(const rb_counter_sink& sink) const;

 protected:
  EchoCounters& counters(std::size_t index) { return counters_[index].counters; }
  std::size_t readBuffer() const { return readBuffer_; }

 private:
  struct alignas(64) LoopCounters {
    EchoCounters counters;
  };

  const std::size_t readBuffer_;
  std::vector<LoopCounters> counters_;
};

}  // namespace rbasio
