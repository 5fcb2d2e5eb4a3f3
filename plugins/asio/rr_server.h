// The rr workload's server (plugin.h, workload rr) on the shared AcceptingServer: every
// connection is an RrConnection counting into its context's RrCounters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "accepting_server.h"
#include "options.h"
#include "reactorbench/plugin.h"
#include "rr_connection.h"

namespace rbasio {

class RrServer : public AcceptingServer {
 public:
  // Throws std::invalid_argument, std::system_error or std::bad_alloc.
  RrServer(const rb_rr_server_params& params, const PluginOptions& options);

  // "connections", "requests", "bad_requests" (plugin.h); call once serve has returned.
  void reportCounters(const rb_counter_sink& sink) const;

 protected:
  RrCounters& counters(std::size_t index) { return counters_[index].counters; }
  const HttpResponses& responses() const { return responses_; }
  std::size_t readBuffer() const { return readBuffer_; }

 private:
  struct alignas(64) LoopCounters {
    RrCounters counters;
  };

  const HttpResponses responses_;
  const std::size_t readBuffer_;
  std::vector<LoopCounters> counters_;  // one per context, written only in its thread
};

}  // namespace rbasio
