// The rr workload's server (plugin.h, workload rr) on the shared AcceptingServer: every
// connection is an RrConnection counting into its context's RrCounters.
#pragma once

#include <cstddef>
#include <cstdint>

#include "counting_server.h"
#include "options.h"
#include "reactorbench/plugin.h"
#include "rr_connection.h"

namespace rbasio {

// Counts "connections", "accept_refused", "requests", "bad_requests" (plugin.h).
class RrServer : public CountingServer<RrCounters> {
 public:
  // Throws std::invalid_argument, std::system_error or std::bad_alloc.
  RrServer(const rb_rr_server_params& params, const PluginOptions& options);

 protected:
  // In context `index`'s thread.
  RrConnection connection(std::size_t index) {
    return RrConnection(responses_, counters(index), readBuffer());
  }

 private:
  const HttpResponses responses_;
};

}  // namespace rbasio
