#include "exec/duet_plan.h"

#include <string>

#include "proc/process_limits.h"

namespace rb::exec {

std::vector<std::size_t> duet_group(const std::vector<CellResult>& cells, std::size_t i,
                                    std::size_t per_point, std::size_t cpus) {
  const std::size_t point = cells[i].cell.index / per_point;
  const std::string& base = cells[i].cell.base_plugin_for("");
  auto gather = [&](bool same_base_only) {
    std::vector<std::size_t> group = {i};
    for (std::size_t j = 0; j < cells.size(); ++j) {
      const CellSpec& spec = cells[j].cell;
      if (j == i || spec.index / per_point != point || cells[j].status != CellStatus::ok) continue;
      if (same_base_only && spec.base_plugin_for("") != base) continue;
      group.push_back(j);
    }
    return group;
  };
  for (const bool same_base_only : {true, false}) {
    std::vector<std::size_t> group = gather(same_base_only);
    if (group.size() >= 2 && group.size() <= cpus) return group;
  }
  return {};
}

int duet_cpu(std::size_t member, int round, const std::vector<int>& cpus) {
  return cpus[(member + static_cast<std::size_t>(round)) % cpus.size()];
}

std::vector<int> duet_cpus(const config::TestPlan& plan) {
  return plan.run.cpus.size() >= 2 ? plan.run.cpus : proc::allowed_cpus();
}

}  // namespace rb::exec
