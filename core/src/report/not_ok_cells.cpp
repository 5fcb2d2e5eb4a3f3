#include "report/not_ok_cells.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "text/printable.h"

namespace rb::report {

std::vector<NotOkGroup> group_not_ok_cells(const RunResult& run) {
  std::vector<NotOkGroup> groups;
  for (const auto& result : run.cells) {
    if (result.status == CellStatus::ok) continue;
    const std::string point = result.cell.params_label();
    auto it = std::find_if(groups.begin(), groups.end(), [&](const NotOkGroup& g) {
      return g.workload == result.cell.workload && g.point == point && g.status == result.status &&
             g.reason == result.reason;
    });
    if (it == groups.end()) {
      groups.push_back({result.cell.workload, point, result.status, result.reason, {}, false});
      it = std::prev(groups.end());
    }
    it->plugins.push_back(result.cell.plugin);
  }
  for (auto& g : groups)
    g.all_plugins = run.plugins.size() > 1 && g.plugins.size() == run.plugins.size();
  return groups;
}

std::string describe(const NotOkGroup& group) {
  const std::string who =
      group.all_plugins ? "all plugins" : fmt::format("{}", fmt::join(group.plugins, ", "));
  std::string out = fmt::format("{} ({}): {}", group.point, who, to_string(group.status));
  // The reason quotes plugins (their error texts) or a results file: one visible line.
  if (!group.reason.empty()) out += ": " + text::printable(group.reason);
  return out;
}

}  // namespace rb::report
