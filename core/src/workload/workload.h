// A workload as the host sees it: what a cell needs before it can run (parent side), and
// how to drive a loaded plugin through it and measure it (child side).
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/cell.h"
#include "model/results.h"
#include "reactorbench/plugin.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Thrown by a workload when the plugin misbehaves: the cell is `failed` with this reason.
struct CellFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CellInputs {
  const CellSpec& cell;
  const std::vector<std::pair<std::string, std::string>>& options;
  int warmup = 0;
  int repetitions = 0;
  int round = 0;
};

// Called once per iteration as soon as it is measured; warm-up iterations included.
using SampleSink = std::function<void(const Sample&)>;

class Workload {
 public:
  virtual ~Workload() = default;
  virtual std::string_view name() const = 0;

  // Parent side. File descriptors the cell's process needs (its own plus a margin).
  virtual long fds_needed(const CellSpec& cell) const = 0;
  // Parent side. Why this cell cannot run here, or nullopt. `fd_hard_limit` is RLIMIT_NOFILE's.
  virtual std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const;

  // Child side. Throws CellFailure when the plugin errs or its counters are wrong.
  virtual void run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                   const CellInputs& inputs, const SampleSink& sink) const = 0;
};

// nullptr when unknown.
const Workload* find_workload(std::string_view name);

}  // namespace rb::workload
