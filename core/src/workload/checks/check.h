// A conformance check as a workload declares it (`runner validate` runs them, validate/).
// Each check runs in its own child process (`runner __cell` with CellJob::check set), so a
// crash or a hang is that check's FAIL line, never the runner's end.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "reactorbench/plugin.h"
#include "workload/checks/phase_watchdog.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Child side: what a check works with.
struct CheckContext {
  const plugin::LoadedPlugin& plugin;
  const rb_host& host;
  PhaseWatchdog& watchdog;
  const std::vector<std::pair<std::string, std::string>>& options;  // --option KEY=VALUE
  int variant = 0;  // which of the check's variants this process runs
};

struct Check {
  std::string name;      // "flower.counts": what the PASS/FAIL line shows
  std::string workload;  // a name LoadedPlugin::workloads lists
  std::string passed;    // said on the PASS line
  int variants = 1;      // the check runs once per variant, each in a fresh process
  // Child side: throws workload::CellFailure with the reason when the plugin fails it.
  void (*run)(CheckContext& context) = nullptr;
};

}  // namespace rb::workload
