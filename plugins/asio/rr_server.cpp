#include "rr_server.h"

namespace rbasio {

RrServer::RrServer(const rb_rr_server_params& params, const PluginOptions& options)
    : CountingServer(params.listen_fd, params.stop_fd, params.threads,
                     readBufferOr(options, kDefaultRrReadBuffer)),
      responses_(params.body_size) {}

}  // namespace rbasio
