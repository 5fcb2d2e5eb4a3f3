#include "report/plugin_setups.h"

#include <algorithm>

namespace rb::report {
namespace {

void add(std::vector<NamedSetup>& out, const std::string& name, const PluginSetup& setup) {
  if (setup.base.empty()) return;
  const bool seen = std::any_of(out.begin(), out.end(),
                                [&name](const NamedSetup& known) { return known.name == name; });
  if (!seen) out.push_back({name, setup});
}

}  // namespace

std::vector<NamedSetup> plugin_setups(const RunResult& run) {
  std::vector<NamedSetup> out;
  for (const auto& result : run.cells) {
    const CellSpec& cell = result.cell;
    if (cell.role_plugins.empty()) {
      add(out, cell.plugin, cell.setup);
      continue;
    }
    for (const auto& [role, plugin] : cell.role_plugins) add(out, plugin, cell.setup_for(role));
  }
  return out;
}

}  // namespace rb::report
