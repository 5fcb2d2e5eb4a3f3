#include "export/export_input.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/comparison_table.h"

namespace rb::exporting {
namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string cell_name(const CellSpec& cell) {
  std::string name = cell.workload + "/" + cell.plugin;
  for (const auto& p : cell.params) name += "/" + p.name + ":" + to_string(p.value);
  return name;
}

}  // namespace

std::string time_unit_of(const MetricInfo& info) {
  for (const char* unit : {"ns", "us", "ms", "s"})
    if (info.unit == unit) return unit;
  if (!info.unit.empty() || ends_with(info.name, "_per_s")) return "";
  for (const char* unit : {"ns", "us", "ms", "s"})
    if (ends_with(info.name, std::string("_") + unit)) return unit;
  return "";
}

std::vector<ExportedCell> exported_cells(const RunResult& run,
                                         const std::vector<std::string>& only) {
  std::vector<ExportedCell> out;
  for (const auto& result : run.cells) {
    if (result.status != CellStatus::ok) continue;
    ExportedCell cell;
    cell.cell = &result;
    cell.name = cell_name(result.cell);
    for (const auto& info : report::metrics_of_cell(result)) {
      if (!only.empty() && std::find(only.begin(), only.end(), info.name) == only.end()) continue;
      const auto summary = result.metrics.find(info.name);
      if (summary == result.metrics.end()) continue;
      ExportedMetric metric{info, summary->second, {}};
      for (const auto& s : result.samples)
        if (const auto it = s.metrics.find(info.name); it != s.metrics.end())
          metric.samples.push_back(it->second);
      cell.metrics.push_back(std::move(metric));
    }
    if (!cell.metrics.empty()) out.push_back(std::move(cell));
  }
  return out;
}

std::string machine_summary(const RunContext& c) {
  return fmt::format(
      "host: {}\ncpu: {} ({} cores)\nkernel: {}\ngovernor: {}\ncompiler: {} ({})\ngit: {}\n"
      "started: {}",
      c.host, c.cpu_model, c.cores, c.kernel, c.governor.empty() ? "unknown" : c.governor,
      c.compiler, c.build_type, c.git_revision.empty() ? "unknown" : c.git_revision, c.started_at);
}

std::string provenance_summary(const CellResult& cell) {
  if (!cell.provenance) return cell.cell.plugin;
  const Provenance& p = *cell.provenance;
  return fmt::format("{} {} ({} {}), sha256 {}", cell.cell.plugin, p.plugin_version, p.library,
                     p.library_version, p.sha256.substr(0, 12));
}

}  // namespace rb::exporting
