#include "report/summary_csv.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "report/atomic_file.h"
#include "report/comparison_table.h"
#include "report/csv.h"

namespace rb::report {

namespace {

std::vector<std::string> param_names(const RunResult& run) {
  std::vector<std::string> names;
  for (const auto& result : run.cells)
    for (const auto& p : result.cell.params)
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
  return names;
}

std::string number(double value) {
  return fmt::format("{}", value);
}

std::vector<std::string> summary_fields(const MetricInfo& metric, const stats::Summary& s) {
  return {metric.name,      metric.unit,      std::to_string(s.n),
          number(s.median), number(s.ci_low), number(s.ci_high),
          number(s.mean),   number(s.stddev), number(s.cv),
          number(s.min),    number(s.max),    std::to_string(s.outliers.size())};
}

constexpr std::size_t kSummaryFieldCount = 12;

// disturbed (true/false), the highest foreign CPU and steal shares of its rounds, and why;
// all empty when the cell has no measured round (skipped, or written before it was measured).
std::vector<std::string> interference_fields(const CellResult& result) {
  if (result.interference.empty()) return {"", "", "", ""};
  double foreign = 0, steal = 0;
  for (const auto& round : result.interference) {
    foreign = std::max(foreign, round.foreign_cpu_share);
    steal = std::max(steal, round.steal_share);
  }
  return {result.disturbed ? "true" : "false", number(foreign), number(steal), result.disturbance};
}

}  // namespace

std::string format_summary_csv(const RunResult& run) {
  const std::vector<std::string> params = param_names(run);
  std::vector<std::string> header = {"index", "workload", "plugin"};
  header.insert(header.end(), params.begin(), params.end());
  for (const char* column :
       {"metric", "unit", "n", "median", "ci_low", "ci_high", "mean", "stddev", "cv", "min", "max",
        "outliers", "status", "reason", "user_s", "sys_s", "max_rss_kib"})
    header.emplace_back(column);
  for (const char* column : {"disturbed", "foreign_cpu_share", "steal_share", "disturbance"})
    header.emplace_back(column);
  std::string out = csv_row(header);

  for (const auto& result : run.cells) {
    std::vector<std::string> prefix = {std::to_string(result.cell.index), result.cell.workload,
                                       result.cell.plugin};
    for (const auto& name : params) {
      const ParamValue* value = result.cell.find(name);
      prefix.push_back(value ? to_string(*value) : "");
    }
    std::vector<std::string> suffix = {to_string(result.status), result.reason,
                                       number(result.rusage.user_s), number(result.rusage.sys_s),
                                       std::to_string(result.rusage.max_rss_kib)};
    const auto interference = interference_fields(result);
    suffix.insert(suffix.end(), interference.begin(), interference.end());

    auto emit = [&](std::vector<std::string> middle) {
      std::vector<std::string> row = prefix;
      row.insert(row.end(), middle.begin(), middle.end());
      row.insert(row.end(), suffix.begin(), suffix.end());
      out += csv_row(row);
    };
    const std::vector<MetricInfo> metrics = metrics_of_cell(result);
    if (metrics.empty()) emit(std::vector<std::string>(kSummaryFieldCount));
    for (const auto& metric : metrics) emit(summary_fields(metric, result.metrics.at(metric.name)));
  }
  return out;
}

void write_summary_csv(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, format_summary_csv(run));
}

}  // namespace rb::report
