// The conformance suites `runner validate` runs: a short list of checks per workload, which
// each workload declares in its folder (workload/<name>/checks.h, workload/checks/check.h)
// and the workload registry lists. Each check runs in its own child process (`runner
// __cell` with CellJob::check set), so a crash or a hang is that check's FAIL line, never
// the runner's end.
#pragma once

#include <string_view>
#include <vector>

#include "workload/checks/check.h"

namespace rb::validate {

using workload::Check;
using workload::CheckContext;

// Checks for a name a plugin offers (LoadedPlugin::workloads), in order: a workload's whole
// suite, or the checks of the part offered; empty when this runner has no suite for it.
std::vector<Check> checks_for(std::string_view workload);

// The check of that name, or nullptr.
const Check* find_check(std::string_view name);

}  // namespace rb::validate
