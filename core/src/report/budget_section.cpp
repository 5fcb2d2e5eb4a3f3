#include "report/budget_section.h"

#include <fmt/format.h>

#include <map>

namespace rb::report {

std::string budget_section(const RunResult& run) {
  const SequentialDesign& design = run.context.sequential;
  if (!design.active()) return {};
  std::string out = fmt::format(
      "## Rounds where the doubt is\n\n"
      "[run] budget: up to {:g} s after the planned rounds for the comparisons still undecided, "
      "{} more paired round(s) at a time, at most {} looks; each look (and `runner compare "
      "--plugins` on this run) judges at alpha {:.4g} (Pocock), so that looking more than once "
      "does not add false alarms.\n\n",
      design.budget_s, design.batch_rounds, design.max_looks, design.nominal_alpha);
  std::map<std::string, int> stops;
  std::string lines;
  for (const CellResult& cell : run.cells) {
    if (cell.rounds_stop.empty()) continue;
    ++stops[cell.rounds_stop];
    lines += fmt::format("- {} {}: {} round(s), {}\n", cell.cell.plugin, cell.cell.params_label(),
                         cell.rusage_per_round.size(), cell.rounds_stop);
  }
  if (stops.empty()) return out + "No comparison was judged (no compared cell ran).\n\n";
  std::string tally;
  for (const auto& [why, count] : stops)
    tally += fmt::format("{}{} {}", tally.empty() ? "" : ", ", count, why);
  return out + "Compared cells: " + tally + ".\n\n" + lines + '\n';
}

}  // namespace rb::report
