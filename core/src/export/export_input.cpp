#include "export/export_input.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/comparison_table.h"
#include "workload/registry.h"

namespace rb::exporting {
namespace {

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Per parameter of the workload's cells, the values they take.
std::map<std::string, std::set<std::string>> parameter_values(const RunResult& run,
                                                              const std::string& workload) {
  std::map<std::string, std::set<std::string>> values;
  for (const auto& result : run.cells)
    if (result.cell.workload == workload)
      for (const auto& p : result.cell.params) values[p.name].insert(to_string(p.value));
  return values;
}

std::string cell_name(const CellSpec& cell, const std::set<std::string>& left_out = {}) {
  std::string name = cell.workload + "/" + cell.plugin;
  for (const auto& p : cell.params)
    if (left_out.count(p.name) == 0) name += "/" + p.name + ":" + to_string(p.value);
  return name;
}

std::set<std::string> fixed_names(const RunResult& run, const std::string& workload) {
  std::set<std::string> out;
  for (const auto& [name, values] : parameter_values(run, workload))
    if (values.size() == 1) out.insert(name);
  return out;
}

bool headline_declared(const std::string& workload) {
  const auto declared = workload::metrics_for_workload(workload);
  return std::any_of(declared.begin(), declared.end(),
                     [](const MetricInfo& info) { return info.headline; });
}

bool chosen(const MetricInfo& info, const std::string& workload, const ExportChoice& choice) {
  if (choice.metrics.empty()) return info.headline || !headline_declared(workload);
  return contains(choice.metrics, "all") || contains(choice.metrics, info.name);
}

std::string cell_metric_names(const RunResult& run) {
  std::set<std::string> names;
  for (const auto& result : run.cells)
    for (const auto& [name, summary] : result.metrics) names.insert(name);
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
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

std::string fixed_parameters(const RunResult& run, const std::string& workload) {
  const auto values = parameter_values(run, workload);
  std::vector<std::string> out;
  for (const auto& result : run.cells) {
    if (result.cell.workload != workload) continue;
    for (const auto& p : result.cell.params)
      if (values.at(p.name).size() == 1) out.push_back(p.name + ":" + to_string(p.value));
    break;
  }
  return fmt::format("{}", fmt::join(out, " "));
}

std::vector<ExportedCell> exported_cells(const RunResult& run, const ExportChoice& choice) {
  std::map<std::string, std::set<std::string>> fixed;  // per workload
  std::vector<ExportedCell> out;
  for (const auto& result : run.cells) {
    if (result.status != CellStatus::ok) continue;
    if (result.disturbed && choice.exclude_disturbed) continue;
    const std::string& workload = result.cell.workload;
    if (fixed.count(workload) == 0) fixed[workload] = fixed_names(run, workload);
    ExportedCell cell;
    cell.cell = &result;
    cell.name = cell_name(result.cell);
    cell.short_name = cell_name(result.cell, fixed.at(workload));
    if (result.disturbed)
      cell.disturbed = result.disturbance.empty() ? "disturbed" : result.disturbance;
    for (const auto& info : report::metrics_of_cell(result)) {
      if (!chosen(info, workload, choice)) continue;
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

std::vector<std::string> withheld_cells(const RunResult& run, const ExportChoice& choice) {
  std::vector<std::string> out;
  for (const auto& result : run.cells) {
    const std::string name = cell_name(result.cell);
    if (result.status != CellStatus::ok)
      out.push_back(fmt::format("{}: {}{}{}", name, to_string(result.status),
                                result.reason.empty() ? "" : ": ", result.reason));
    else if (result.disturbed && choice.exclude_disturbed)
      out.push_back(fmt::format("{}: disturbed{}{}", name, result.disturbance.empty() ? "" : ": ",
                                result.disturbance));
  }
  return out;
}

std::string nothing_to_export(const RunResult& run, const ExportChoice& choice,
                              const std::string& format, const std::string& wanted) {
  std::size_t ok = 0;
  std::size_t disturbed = 0;
  for (const auto& result : run.cells) {
    if (result.status != CellStatus::ok) continue;
    ++ok;
    if (result.disturbed) ++disturbed;
  }
  if (ok == 0)
    return fmt::format(
        "nothing to export: none of the run's {} cells is ok (runner report shows "
        "why)",
        run.cells.size());
  if (choice.exclude_disturbed && disturbed == ok)
    return fmt::format(
        "nothing to export: every ok cell ({}) was disturbed and "
        "--exclude-disturbed leaves them out",
        ok);
  const std::string chose = choice.metrics.empty()
                                ? std::string("the workloads' headline metrics")
                                : fmt::format("--metrics {}", fmt::join(choice.metrics, ","));
  return fmt::format(
      "nothing to export: {} takes {}, and {} gave none (the run's metrics: {}); "
      "name others with --metrics NAME,... or --metrics all{}",
      format, wanted, chose, cell_metric_names(run),
      wanted.find("bigger") != std::string::npos
          ? ", or export its smaller-is-better metrics with --format "
            "custom-smaller-is-better"
      : wanted.find("smaller") != std::string::npos
          ? ", or export its bigger-is-better metrics with --format "
            "custom-bigger-is-better"
          : "");
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
