#include "pingpong_server.h"

namespace rbasio {

namespace {

// The clients' block size is the natural read: one read per block that arrived whole.
std::size_t blockSizeHint(const rb_pingpong_server_params& params) {
  return params.block_size != 0 ? params.block_size : kDefaultRrReadBuffer;
}

}  // namespace

PingpongServer::PingpongServer(const rb_pingpong_server_params& params,
                               const PluginOptions& options)
    : AcceptingServer(params.listen_fd, params.stop_fd, params.threads),
      readBuffer_(readBufferOr(options, blockSizeHint(params))),
      counters_(pool().size()) {}

void PingpongServer::reportCounters(const rb_counter_sink& sink) const {
  const EchoCounters total = counters_.sum();
  reportConnections(sink);
  sink.put(sink.ctx, "bytes_read", total.bytesRead);
  sink.put(sink.ctx, "bytes_written", total.bytesWritten);
}

}  // namespace rbasio
