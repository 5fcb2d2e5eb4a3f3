// What both workloads' servers add to AcceptingServer: per-context counters of the workload's
// kind (EchoCounters, RrCounters), the read buffer size every connection gets, and the
// counters' report: "connections", "accept_refused", then Counters::report's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "accepting_server.h"
#include "per_context.h"
#include "reactorbench/plugin.h"

namespace rbasio {

template <typename Counters>
class CountingServer : public AcceptingServer {
 public:
  // Throws std::invalid_argument or std::system_error.
  CountingServer(int listenFd, int stopFd, std::uint32_t threads, std::size_t readBuffer)
      : AcceptingServer(listenFd, stopFd, threads),
        readBuffer_(readBuffer),
        counters_(pool().size()) {}

  // Call once serve has returned.
  void reportCounters(const rb_counter_sink& sink) const {
    reportConnections(sink);
    counters_.sum().report(sink);
  }

 protected:
  // Context `index`'s counters, for its thread only.
  Counters& counters(std::size_t index) { return counters_[index]; }
  std::size_t readBuffer() const { return readBuffer_; }

 private:
  const std::size_t readBuffer_;
  PerContext<Counters> counters_;
};

}  // namespace rbasio
