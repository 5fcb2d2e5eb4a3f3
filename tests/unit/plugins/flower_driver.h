#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "fd_ring.h"
#include "reactorbench/plugin.h"
#include "test_host.h"

namespace rb_test {

struct FlowerShape {
  uint32_t pipes = 1;
  uint32_t active = 1;
  uint32_t writes = 0;
  Transport transport = Transport::kSocketpair;
};

using Options = std::vector<std::pair<std::string, std::string>>;
using Counters = std::map<std::string, uint64_t>;

// What an ABI call returned, with the plugin's message.
struct CallResult {
  int code = RB_OK;
  std::string message;
  bool ok() const { return code == RB_OK; }
};

// Runs one plugin's flower table on a ring of its own, phase by phase as the runner does.
class FlowerDriver {
 public:
  FlowerDriver(const rb_plugin& plugin, const FlowerShape& shape);
  ~FlowerDriver();  // releases the plugin's state if prepare succeeded
  FlowerDriver(const FlowerDriver&) = delete;
  FlowerDriver& operator=(const FlowerDriver&) = delete;

  CallResult Prepare(const Options& options = {});
  // arm, the host's `active` bytes, dispatch; the message names the phase that failed.
  CallResult RunIteration();
  Counters ReadCounters();
  const FdRing& ring() const { return ring_; }

 private:
  const rb_flower_ops& ops_;
  FlowerShape shape_;
  FdRing ring_;
  TestHost host_;
  void* state_ = nullptr;
};

}  // namespace rb_test
