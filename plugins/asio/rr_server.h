// The rr workload's server (plugin.h, workload rr) on the shared AcceptingServer: every
// connection is an RrConnection counting into its context's RrCounters.
#pragma once

#include <cstddef>
#include <cstdint>

#include "accepting_server.h"
#include "options.h"
#include "per_context.h"
#include "reactorbench/plugin.h"
#include "rr_connection.h"

namespace rbasio {

class RrServer : public AcceptingServer {
 public:
  // Throws std::invalid_argument, std::system_error or std::bad_alloc.
  RrServer(const rb_rr_server_params& params, const PluginOptions& options);

  // "connections", "accept_refused", "requests", "bad_requests" (plugin.h); call once serve
  // has returned.
  void reportCounters(const rb_counter_sink& sink) const;

 protected:
  // In context `index`'s thread.
  RrConnection connection(std::size_t index) {
    return RrConnection(responses_, counters_[index], readBuffer_);
  }

 private:
  const HttpResponses responses_;
  const std::size_t readBuffer_;
  PerContext<RrCounters> counters_;  // one per context, written only in its thread
};

}  // namespace rbasio
