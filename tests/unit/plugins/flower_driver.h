#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "fd_ring.h"
#include "plugin/plugin_session.h"
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
using Counters = rb::plugin::Counters;

// What an ABI call returned, with the plugin's message.
using CallResult = rb::plugin::CallOutcome;

// Runs one plugin's flower table on a ring of its own, phase by phase as the runner does.
class FlowerDriver {
 public:
  // The destructor releases the plugin's state if prepare succeeded.
  FlowerDriver(const rb_plugin& plugin, const FlowerShape& shape);
  FlowerDriver(const FlowerDriver&) = delete;
  FlowerDriver& operator=(const FlowerDriver&) = delete;

  CallResult Prepare(const Options& options = {});
  // arm, the host's `active` bytes, dispatch; the message names the phase that failed.
  CallResult RunIteration();
  Counters ReadCounters();
  const FdRing& ring() const { return ring_; }

 private:
  FlowerShape shape_;
  FdRing ring_;
  TestHost host_;
  rb::plugin::PluginSession<rb_flower_ops> session_;  // last: released before ring and host go
};

}  // namespace rb_test
