#include "compare/common_shift.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

namespace rb::compare {
std::vector<std::string> withhold_common_shift(std::vector<CellComparison>& rows,
                                               const VerdictRules& rules) {
  if (rules.allow_disturbed) return {};
  // metric -> plugin -> the ratios of its cells
  std::map<std::string, std::map<std::string, std::vector<double>>> ratios;
  for (const auto& row : rows)
    if (std::isfinite(row.ratio.ratio) && row.ratio.ratio > 0)
      ratios[row.metric.name][row.new_plugin].push_back(row.ratio.ratio);
  std::vector<std::string> notes;
  for (const auto& [metric, by_plugin] : ratios) {
    if (by_plugin.size() < kCommonShiftPlugins) continue;
    // The geometric mean of each plugin's ratios: the statistic of the report's and compare's
    // "Geometric mean of new/base per plugin" table, so the note's numbers are the table's.
    std::vector<double> plugin_geomeans;
    for (const auto& [plugin, values] : by_plugin) {
      double log_sum = 0;
      for (const double ratio : values) log_sum += std::log(ratio);
      plugin_geomeans.push_back(std::exp(log_sum / static_cast<double>(values.size())));
    }
    const bool all_up = std::all_of(plugin_geomeans.begin(), plugin_geomeans.end(),
                                    [&](double r) { return r > 1 + rules.threshold; });
    const bool all_down = std::all_of(plugin_geomeans.begin(), plugin_geomeans.end(),
                                      [&](double r) { return r < 1 - rules.threshold; });
    if (!all_up && !all_down) continue;
    const auto [low, high] = std::minmax_element(plugin_geomeans.begin(), plugin_geomeans.end());
    const std::string note = fmt::format(
        "{}: every plugin moved the same way ({} plugins, geomean ratios {:.2f} to {:.2f}): the "
        "machine drifted between the runs (or a change common to all plugins): verdicts "
        "withheld; an A/B in one run (scripts/nightly --ab) or the history can tell",
        metric, plugin_geomeans.size(), *low, *high);
    notes.push_back(note);
    for (auto& row : rows) {
      if (row.metric.name != metric || !row.withheld.empty()) continue;
      row.verdict = Verdict::inconclusive;
      row.withheld = "drift";
      row.reason = fmt::format("withheld: every plugin's {} moved by {:.0f}% or more, alike",
                               metric, 100 * rules.threshold);
    }
  }
  return notes;
}

}  // namespace rb::compare
