#include "report/comparison_table.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "report/interference_section.h"
#include "report/number_format.h"
#include "report/status_tint.h"
#include "workload/registry.h"

namespace rb::report {

namespace {

template <typename T>
void append_unique(std::vector<T>& items, const T& item) {
  if (std::find(items.begin(), items.end(), item) == items.end()) items.push_back(item);
}

std::vector<const CellResult*> cells_of(const RunResult& run, const std::string& workload) {
  std::vector<const CellResult*> out;
  for (const auto& result : run.cells)
    if (result.cell.workload == workload) out.push_back(&result);
  return out;
}

std::vector<MetricInfo> table_metrics(const std::string& workload,
                                      const std::vector<const CellResult*>& cells) {
  std::vector<MetricInfo> out;
  for (const auto& info : workload::metrics_for_workload(workload))
    if (info.headline) out.push_back(info);
  if (!out.empty()) return out;
  std::set<std::string> names;
  for (const auto* result : cells)
    for (const auto& [name, summary] : result->metrics) names.insert(name);
  for (const auto& name : names) out.push_back({name, "", true, true});
  return out;
}

std::vector<std::string> plugin_columns(const RunResult& run,
                                        const std::vector<const CellResult*>& cells) {
  std::vector<std::string> out;
  for (const auto& plugin : run.plugins) append_unique(out, plugin);
  for (const auto* result : cells) append_unique(out, result->cell.plugin);
  return out;
}

// Splits the axes into those that vary between cells and those fixed at one value.
void classify_axes(const std::vector<const CellResult*>& cells, ComparisonTable& table) {
  std::vector<std::string> names;
  for (const auto* result : cells)
    for (const auto& p : result->cell.params) append_unique(names, p.name);
  for (const auto& name : names) {
    std::set<std::string> values;
    bool everywhere = true;
    for (const auto* result : cells) {
      const ParamValue* value = result->cell.find(name);
      if (value == nullptr)
        everywhere = false;
      else
        values.insert(to_string(*value));
    }
    if (everywhere && values.size() == 1)
      table.fixed.push_back({name, *cells.front()->cell.find(name)});
    else
      table.axes.push_back(name);
  }
  if (table.axes.empty()) {
    table.axes = names;
    table.fixed.clear();
  }
}

std::vector<std::string> point_of(const CellSpec& cell, const std::vector<std::string>& axes) {
  std::vector<std::string> point;
  for (const auto& axis : axes) {
    const ParamValue* value = cell.find(axis);
    point.push_back(value ? to_string(*value) : "");
  }
  return point;
}

double ci_level_of(const std::vector<const CellResult*>& cells, const std::string& metric) {
  for (const auto* result : cells)
    if (auto it = result->metrics.find(metric); it != result->metrics.end() && it->second.n > 0)
      return it->second.ci_level;
  return 0.95;
}

ComparisonTable build_table(const RunResult& run, const std::string& workload,
                            const MetricInfo& metric, const std::vector<const CellResult*>& cells) {
  ComparisonTable table;
  table.workload = workload;
  table.metric = metric;
  table.ci_level = ci_level_of(cells, metric.name);
  table.plugins = plugin_columns(run, cells);
  classify_axes(cells, table);

  std::map<std::vector<std::string>, std::size_t> row_of_point;
  for (const auto* result : cells) {
    std::vector<std::string> point = point_of(result->cell, table.axes);
    auto [it, inserted] = row_of_point.emplace(point, table.rows.size());
    if (inserted)
      table.rows.push_back({point, std::vector<std::string>(table.plugins.size(), ""),
                            std::vector<text::Tint>(table.plugins.size(), text::Tint::none)});
    const auto column = static_cast<std::size_t>(
        std::find(table.plugins.begin(), table.plugins.end(), result->cell.plugin) -
        table.plugins.begin());
    auto& row = table.rows[it->second];
    if (row.cells[column].empty()) {  // first cell of a point wins
      row.cells[column] = cell_text(*result, metric.name);
      row.tints[column] = status_tint(result->status);
    }
  }
  for (auto& row : table.rows)
    for (auto& text : row.cells)
      if (text.empty()) text = std::string(kNoCell);
  return table;
}

}  // namespace

std::string cell_text(const CellResult& result, std::string_view metric) {
  switch (result.status) {
    case CellStatus::ok: {
      const auto it = result.metrics.find(std::string(metric));
      if (it == result.metrics.end() || it->second.n == 0) return "n/a";
      const stats::Summary& s = it->second;
      return fmt::format("{} [{}, {}]{}", format_significant(s.median),
                         format_significant(s.ci_low), format_significant(s.ci_high),
                         result.disturbed ? kDisturbedMark : "");
    }
    default:  // the reasons are listed under the tables (not_ok_cells.h)
      return to_string(result.status);
  }
}

std::string metric_title(const MetricInfo& metric) {
  const char* direction = metric.lower_is_better ? "lower is better" : "higher is better";
  if (metric.unit.empty()) return fmt::format("{} ({})", metric.name, direction);
  return fmt::format("{} ({}, {})", metric.name, metric.unit, direction);
}

std::vector<MetricInfo> metrics_of_cell(const CellResult& result) {
  std::vector<MetricInfo> out;
  for (const auto& info : workload::metrics_for_workload(result.cell.workload))
    if (result.metrics.count(info.name) > 0) out.push_back(info);
  for (const auto& [name, summary] : result.metrics) {
    // The binding is captured by name: clang (clang-tidy) does not capture structured bindings.
    const bool declared =
        std::any_of(out.begin(), out.end(),
                    [&metric = name](const MetricInfo& info) { return info.name == metric; });
    if (!declared) out.push_back({name, "", true, false});
  }
  return out;
}

std::vector<ComparisonTable> build_comparison_tables(const RunResult& run) {
  std::vector<std::string> workloads;
  for (const auto& result : run.cells) append_unique(workloads, result.cell.workload);
  std::vector<ComparisonTable> tables;
  for (const auto& workload : workloads) {
    const auto cells = cells_of(run, workload);
    for (const auto& metric : table_metrics(workload, cells))
      tables.push_back(build_table(run, workload, metric, cells));
  }
  return tables;
}

text::TextTable as_text_table(const ComparisonTable& table) {
  text::TextTable out;
  out.header = table.axes;
  out.header.insert(out.header.end(), table.plugins.begin(), table.plugins.end());
  out.right_aligned.assign(out.header.size(), true);
  for (const auto& row : table.rows) {
    std::vector<std::string> line = row.point;
    line.insert(line.end(), row.cells.begin(), row.cells.end());
    out.rows.push_back(std::move(line));
    std::vector<text::Tint> tints(row.point.size(), text::Tint::none);
    tints.insert(tints.end(), row.tints.begin(), row.tints.end());
    out.tints.push_back(std::move(tints));
  }
  return out;
}

}  // namespace rb::report
