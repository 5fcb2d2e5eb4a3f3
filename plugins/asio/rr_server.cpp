#include "rr_server.h"

namespace rbasio {

RrServer::RrServer(const rb_rr_server_params& params, const PluginOptions& options)
    : AcceptingServer(params.listen_fd, params.stop_fd, params.threads),
      responses_(params.body_size),
      readBuffer_(readBufferOr(options, kDefaultRrReadBuffer)),
      counters_(pool().size()) {}

void RrServer::reportCounters(const rb_counter_sink& sink) const {
  const RrCounters total = counters_.sum();
  reportConnections(sink);
  sink.put(sink.ctx, "requests", total.requests);
  sink.put(sink.ctx, "bad_requests", total.badRequests);
}

}  // namespace rbasio
