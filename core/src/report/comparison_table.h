// The shape shared by the Markdown and console reports: for one workload and one metric,
// a row per matrix point and a column per plugin.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/cell.h"
#include "model/metric_info.h"
#include "model/results.h"
#include "text/text_table.h"

namespace rb::report {

struct ComparisonTable {
  struct Row {
    std::vector<std::string> point;      // one value per entry of `axes`
    std::vector<std::string> cells;      // one text per entry of `plugins`
    std::vector<text::Tint> tints = {};  // the cells' colours on a console (status_tint.h)
  };

  std::string workload;
  MetricInfo metric;
  double ci_level = 0.95;
  std::vector<Param> fixed;          // axes that hold one value in every row
  std::vector<std::string> axes;     // the axes that vary: the row labels
  std::vector<std::string> plugins;  // RunResult::plugins order, then any others seen
  std::vector<Row> rows;             // plan order of first appearance
};

// One table per headline metric of each workload in the run (every metric seen, by name,
// when the workload declares none). Rows whose axes all hold one value keep them as columns
// so a single-point run still has row labels.
std::vector<ComparisonTable> build_comparison_tables(const RunResult& run);

// The axes' columns, then one per plugin; every column right-aligned (the axes are numbers,
// the cells "median [low, high]"). The console prints it (in colour, the tints), the HTML
// report draws it.
text::TextTable as_text_table(const ComparisonTable& table);

// "12.3 [12.1, 12.5]" (median and CI, 3 significant digits; " !" after it when the cell was
// disturbed, interference_section.h) for an ok cell, "n/a" when it
// lacks the metric; "skipped: <reason>" for a skipped cell; otherwise the status name.
std::string cell_text(const CellResult& result, std::string_view metric);

// "dispatch_us (us, lower is better)"
std::string metric_title(const MetricInfo& metric);

// The metric names a cell should be reported under: the workload's declared ones first,
// in their order, then any others the cell has, by name.
std::vector<MetricInfo> metrics_of_cell(const CellResult& result);

// Placeholder for a plugin that has no cell at a point.
inline constexpr std::string_view kNoCell = "-";

}  // namespace rb::report
