#include "report/kernel_counts_section.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "report/number_format.h"

namespace rb::report {
namespace {

// Where a count's column goes: the cell's own process, then the server's; in each the total,
// the calls by name, context switches, page faults.
std::pair<int, int> column_rank(std::string_view key) {
  const bool server = key.substr(0, 7) == "server.";
  if (server) key.remove_prefix(7);
  const int kind = key == "sys.total"           ? 0
                   : key.substr(0, 4) == "sys." ? 1
                   : key == "faults"            ? 3
                                                : 2;
  return {server ? 1 : 0, kind};
}

// The columns: every count some cell has above zero (a count that is zero everywhere says
// nothing and would only widen the table), in column_rank's order, by name within a rank.
std::vector<std::string> count_columns(const RunResult& run) {
  std::map<std::string, bool> nonzero;
  for (const auto& cell : run.cells)
    for (const auto& [key, count] : cell.kernel_counts.per_event)
      nonzero[key] = nonzero[key] || count.round_max > 0;
  std::vector<std::string> columns;
  for (const auto& [key, any] : nonzero)
    if (any) columns.push_back(key);
  std::stable_sort(columns.begin(), columns.end(), [](const std::string& a, const std::string& b) {
    return column_rank(a) < column_rank(b);
  });
  return columns;
}

}  // namespace

std::string format_count_per_event(const KernelCountPerEvent& count) {
  const std::string value = format_significant(count.per_event, 3);
  const std::string low = format_significant(count.round_min, 3);
  const std::string high = format_significant(count.round_max, 3);
  if (low == high) return value;
  return fmt::format("{} [{}..{}]", value, low, high);
}

std::string kernel_counts_section(const RunResult& run) {
  const std::vector<std::string> columns = count_columns(run);
  std::map<std::string, std::vector<int>> unavailable;  // why -> the cells
  std::string rows;
  for (const auto& cell : run.cells) {
    const KernelCountSummary& counts = cell.kernel_counts;
    if (!counts.unavailable.empty()) unavailable[counts.unavailable].push_back(cell.cell.index);
    if (counts.per_event.empty()) continue;
    rows += fmt::format("| #{} {} {} | {} |", cell.cell.index, cell.cell.plugin,
                        cell.cell.params_label(), counts.unit);
    for (const auto& key : columns) {
      const auto it = counts.per_event.find(key);
      rows +=
          ' ' +
          (it == counts.per_event.end() ? std::string("-") : format_count_per_event(it->second)) +
          " |";
    }
    rows += '\n';
  }
  if (rows.empty() && unavailable.empty()) return {};
  std::string out =
      "## Kernel counts per event\n\nCounted by the kernel (perf_event_open) in each "
      "iteration's measured phase, over the events the workload did there: the cell's value "
      "[its rounds' min..max]. `sys.*`: system calls (all, and by name); `cs`: context "
      "switches (`cs.voluntary`, `cs.involuntary`: getrusage's split); `faults`: page faults. "
      "`server.*`: the server process's, from one client sample to the next.\n\n";
  if (!rows.empty() && !columns.empty()) {
    out += "| cell | per |";
    for (const auto& key : columns) out += ' ' + key + " |";
    out += "\n|---|---|";
    for (std::size_t i = 0; i < columns.size(); ++i) out += "---:|";
    out += '\n' + rows + '\n';
  }
  for (const auto& [why, cells] : unavailable) {
    std::string list;
    for (const int index : cells) list += (list.empty() ? "#" : ", #") + std::to_string(index);
    out += fmt::format("- unavailable: {} (cells {})\n", why, list);
  }
  return out + '\n';
}

}  // namespace rb::report
