#include "compare/plugin_summary.h"

#include <cmath>

namespace rb::compare {

std::vector<PluginSummary> summarize_by_plugin(const std::vector<CellComparison>& rows) {
  std::vector<PluginSummary> out;
  std::vector<double> log_sums;
  for (const auto& row : rows) {
    const std::string plugin = row.base_plugin == row.new_plugin
                                   ? row.new_plugin
                                   : row.base_plugin + " -> " + row.new_plugin;
    std::size_t i = 0;
    while (i < out.size() && !(out[i].plugin == plugin && out[i].metric == row.metric.name)) ++i;
    if (i == out.size()) {
      out.push_back({});
      out.back().plugin = plugin;
      out.back().metric = row.metric.name;
      log_sums.push_back(0);
    }
    PluginSummary& summary = out[i];
    if (std::isfinite(row.ratio.ratio) && row.ratio.ratio > 0) {
      log_sums[i] += std::log(row.ratio.ratio);
      ++summary.cells;
    }
    switch (row.verdict) {
      case Verdict::faster:
        ++summary.faster;
        break;
      case Verdict::slower:
        ++summary.slower;
        break;
      case Verdict::same:
        ++summary.same;
        break;
      case Verdict::inconclusive:
        ++summary.inconclusive;
        break;
    }
    if (!row.withheld.empty()) ++summary.withheld;
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i].cells > 0)
      out[i].geomean_ratio = std::exp(log_sums[i] / static_cast<double>(out[i].cells));
  return out;
}

}  // namespace rb::compare
