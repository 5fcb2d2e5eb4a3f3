// triage_cells (exec/matrix_runner.h): which of the plan's cells cannot run, and why.
#include <fmt/format.h>

#include <algorithm>

#include "exec/matrix_runner.h"
#include "proc/process_limits.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

// The load error of a plugin this cell needs (every role's plugin for two-process cells).
std::optional<std::string> unloadable_reason(const CellSpec& cell, const MatrixOptions& options) {
  std::vector<std::string> needed;  // a variant by path was probed with the config instead
  for (const auto& [role, plugin] : cell.role_plugins)
    if (cell.setup_for(role).path.empty()) needed.push_back(cell.base_plugin_for(role));
  if (cell.role_plugins.empty() && cell.setup.path.empty())
    needed.push_back(cell.base_plugin_for(""));
  for (const auto& plugin : needed)
    if (const auto it = options.unloadable.find(plugin); it != options.unloadable.end())
      return fmt::format("plugin '{}' failed to load: {}", plugin, it->second);
  return std::nullopt;
}

}  // namespace

std::vector<CellResult> triage_cells(const config::TestPlan& plan, const MatrixOptions& options) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const long fd_hard = proc::nofile_hard_limit();
  std::vector<CellResult> cells;
  for (auto& spec : plan.cells()) {
    if (options.only_cells &&
        !std::binary_search(options.only_cells->begin(), options.only_cells->end(), spec.index))
      continue;
    CellResult cell;
    cell.cell = std::move(spec);
    if (workload == nullptr) {
      cell.status = CellStatus::failed;
      cell.reason = fmt::format("the runner has no driver for workload '{}'", plan.workload);
    } else if (auto unloadable = unloadable_reason(cell.cell, options)) {
      cell.status = CellStatus::failed;
      cell.reason = std::move(*unloadable);
    } else if (auto why = workload->skip_reason(cell.cell, fd_hard)) {
      cell.status = CellStatus::skipped;
      cell.reason = std::move(*why);
    }
    cells.push_back(std::move(cell));
  }
  return cells;
}

}  // namespace rb::exec
