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
    : CountingServer(params.listen_fd, params.stop_fd, params.threads,
                     readBufferOr(options, blockSizeHint(params))) {}

}  // namespace rbasio
