#include "exec/lockstep_group.h"

#include <string>

namespace rb::exec {

std::vector<std::size_t> lockstep_group(const std::vector<CellResult>& cells, std::size_t i,
                                        std::size_t per_point, const workload::Workload& workload,
                                        long fds_per_cell_extra, long fd_hard) {
  // The cells are in plan order, so the point's are around i.
  const std::size_t point = cells[i].cell.index / per_point;
  auto in_point = [&](std::size_t j) { return cells[j].cell.index / per_point == point; };
  std::size_t first = i;
  while (first > 0 && in_point(first - 1)) --first;
  std::size_t last = i;
  while (last + 1 < cells.size() && in_point(last + 1)) ++last;
  const std::string& base = cells[i].cell.base_plugin_for("");
  auto gather = [&](bool same_base_only) {
    std::vector<std::size_t> group = {i};
    long fds = workload.fds_needed(cells[i].cell) + fds_per_cell_extra;
    for (std::size_t j = first; j <= last; ++j) {
      const CellSpec& spec = cells[j].cell;
      if (j == i || cells[j].status != CellStatus::ok) continue;
      if (same_base_only && spec.base_plugin_for("") != base) continue;
      group.push_back(j);
      fds += workload.fds_needed(spec) + fds_per_cell_extra;
    }
    return fds <= fd_hard ? group : std::vector<std::size_t>{};
  };
  std::vector<std::size_t> group = gather(false);
  return group.empty() ? gather(true) : group;
}

}  // namespace rb::exec
