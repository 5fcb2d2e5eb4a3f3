#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "reactorbench/plugin.h"
#include "served_server.h"

namespace rb_test {

// What the client's calls gave: prepare's and run's codes (run's RB_ERR_INTERNAL when prepare
// failed), the first failure's message, and the counters after a successful run.
struct ClientRun {
  int prepare_rc = RB_ERR_INTERNAL;
  int run_rc = RB_ERR_INTERNAL;
  std::string error;
  std::map<std::string, uint64_t> counters;
};

// The shape of a pingpong client's run: every session verified (verify_stride 1).
struct ClientShape {
  uint32_t sessions = 4;
  uint32_t threads = 1;
  uint32_t block_size = 4096;
  uint64_t duration_ms = 100;
};

// One plugin's pingpong client as the host's client process runs it, against a server on
// 127.0.0.1:port: prepare, run, counters and release on the calling thread. Its stop_fd, an
// eventfd of its own, becomes readable only if run has not returned within a generous bound,
// so a client that loses a byte fails instead of hanging the test.
ClientRun RunPingpongClient(const rb_pingpong_client_ops& ops, uint16_t port,
                            const ClientShape& shape, const OptionPairs& options);

}  // namespace rb_test
