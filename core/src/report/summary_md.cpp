#include "report/summary_md.h"

#include "report/not_ok_cells.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/atomic_file.h"
#include "report/budget_section.h"
#include "report/comparison_table.h"
#include "report/interference_section.h"
#include "report/kernel_counts_section.h"
#include "report/latency_section.h"
#include "report/plugin_setups.h"
#include "report/precision_section.h"

namespace rb::report {

namespace {

// Table cells cannot hold a pipe or a line break.
std::string escape_cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// A code span fenced by more backticks than the text contains in a row.
std::string code_span(std::string_view text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const char* pad = longest > 0 ? " " : "";
  return fence + pad + std::string(text) + pad + fence;
}

std::string or_unknown(const std::string& text) {
  return text.empty() ? "unknown" : text;
}

std::string title(const RunResult& run) {
  std::vector<std::string> workloads;
  for (const auto& result : run.cells)
    if (std::find(workloads.begin(), workloads.end(), result.cell.workload) == workloads.end())
      workloads.push_back(result.cell.workload);
  if (workloads.empty() && !run.workload.empty()) workloads.push_back(run.workload);
  return fmt::format("# reactorbench results: {}\n\n", fmt::join(workloads, ", "));
}

std::string context_section(const RunContext& c) {
  std::string out;
  auto item = [&out](std::string_view label, const std::string& value) {
    out += fmt::format("- **{}:** {}\n", label, value);
  };
  item("Host", or_unknown(c.host));
  item("CPU", or_unknown(c.cpu_model));
  item("Cores", std::to_string(c.cores));
  item("Kernel", or_unknown(c.kernel));
  item("Governor", c.governor.empty() ? "unreadable" : c.governor);
  item("Load average", or_unknown(c.load_average));
  item("Compiler", or_unknown(c.compiler));
  item("Build", or_unknown(c.build_type));
  item("Git revision", or_unknown(c.git_revision));
  item("Runner", or_unknown(c.runner_version));
  // What reproduces the run's order of plugins in each round ([run] order_seed).
  item("Order seed", std::to_string(c.order_seed));
  item("NOFILE limit", fmt::format("{} soft, {} hard", c.nofile_soft, c.nofile_hard));
  item("Date", c.finished_at.empty() ? or_unknown(c.started_at)
                                     : fmt::format("{} to {}", c.started_at, c.finished_at));
  if (!c.config_path.empty()) item("Config", code_span(c.config_path));
  item("Command line", c.command_line.empty() ? "unknown" : code_span(c.command_line));
  out += machine_context_items(c);
  return out + '\n';
}

// What each column's name runs: "- `libevent2-eventfd` = `libevent2` with `wakeup=eventfd`".
std::string plugins_section(const RunResult& run) {
  const auto setups = plugin_setups(run);
  if (setups.empty()) return {};
  std::string out = "## Plugins\n\n";
  for (const auto& [name, setup] : setups) {
    out += "- " + code_span(name);
    if (setup.base != name) out += " = " + code_span(setup.base);
    if (!setup.path.empty()) out += " from " + code_span(setup.path);  // a build of its own
    std::vector<std::string> options;
    for (const auto& [key, value] : setup.options) options.push_back(code_span(key + '=' + value));
    out +=
        options.empty() ? " (default options)" : fmt::format(" with {}", fmt::join(options, ", "));
    out += '\n';
  }
  return out + '\n';
}

std::string table_row(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const auto& cell : cells) out += ' ' + escape_cell(cell) + " |";
  return out + '\n';
}

std::string table_section(const ComparisonTable& table) {
  std::string out = fmt::format("## {}: {}\n\n", table.workload, metric_title(table.metric));
  out +=
      fmt::format("Each cell: median [{:g}% CI of the median: rounds resampled, then iterations].",
                  table.ci_level * 100);
  if (!table.fixed.empty()) {
    std::vector<std::string> fixed;
    for (const auto& p : table.fixed) fixed.push_back(p.name + '=' + to_string(p.value));
    out += fmt::format(" Fixed: {}.", fmt::join(fixed, ", "));
  }
  out += "\n\n";

  std::vector<std::string> header = table.axes;
  header.insert(header.end(), table.plugins.begin(), table.plugins.end());
  out += table_row(header);
  out += '|';
  for (std::size_t i = 0; i < header.size(); ++i) out += "---:|";
  out += '\n';
  for (const auto& row : table.rows) {
    std::vector<std::string> cells = row.point;
    cells.insert(cells.end(), row.cells.begin(), row.cells.end());
    out += table_row(cells);
  }
  return out + '\n';
}

std::string cell_label(const CellResult& result) {
  std::string label =
      fmt::format("#{} {} {}", result.cell.index, result.cell.workload, result.cell.plugin);
  if (!result.cell.params.empty()) label += ' ' + result.cell.params_label();
  return label;
}

std::string not_ok_section(const RunResult& run) {
  std::string out = "## Cells without results\n\n";
  const auto groups = group_not_ok_cells(run);
  for (const auto& group : groups) out += "- " + describe(group) + '\n';
  if (groups.empty()) out += "All cells ok.\n";
  return out + '\n';
}

std::string outlier_section(const RunResult& run) {
  std::string out =
      "## Outliers\n\nSamples outside Tukey's fences (1.5 IQR), counted per metric; they stay in "
      "every statistic.\n\n";
  bool any = false;
  for (const auto& result : run.cells) {
    std::vector<std::string> counts;
    for (const auto& metric : metrics_of_cell(result)) {
      const stats::Summary& s = result.metrics.at(metric.name);
      if (!s.outliers.empty())
        counts.push_back(fmt::format("{} {} of {}", metric.name, s.outliers.size(), s.n));
    }
    if (counts.empty()) continue;
    any = true;
    out += fmt::format("- {}: {}\n", cell_label(result), fmt::join(counts, ", "));
  }
  if (!any) out += "None flagged.\n";
  return out;
}

}  // namespace

std::string format_summary_md(const RunResult& run) {
  std::string out = title(run) + context_section(run.context) + plugins_section(run);
  const auto tables = build_comparison_tables(run);
  if (tables.empty()) out += "No measurements.\n\n";
  for (const auto& table : tables) out += table_section(table);
  out += latency_section(run);
  out += kernel_counts_section(run);
  out += budget_section(run);
  out += precision_section(run);
  out += not_ok_section(run);
  out += interference_section(run);
  out += outlier_section(run);
  return out;
}

void write_summary_md(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, format_summary_md(run));
}

}  // namespace rb::report
