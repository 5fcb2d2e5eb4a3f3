// The conformance suites `runner validate` runs: a short list of checks per workload. Each
// check runs in its own child process (`runner __cell` with CellJob::check set), so a crash
// or a hang is that check's FAIL line, never the runner's end.
//
// A workload's suite is one function returning its checks; adding one for a new workload
// means writing <workload>_checks.cpp and listing it in suites() in conformance.cpp.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reactorbench/plugin.h"
#include "validate/phase_watchdog.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::validate {

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
  std::string workload;  // a name LoadedPlugin::workloads() uses
  std::string passed;    // said on the PASS line
  int variants = 1;      // the check runs once per variant, each in a fresh process
  // Child side: throws workload::CellFailure with the reason when the plugin fails it.
  void (*run)(CheckContext& context) = nullptr;
};

// Checks for a workload, in order; empty when this runner has no suite for it.
std::vector<Check> checks_for(std::string_view workload);

// The check of that name, or nullptr.
const Check* find_check(std::string_view name);

}  // namespace rb::validate
