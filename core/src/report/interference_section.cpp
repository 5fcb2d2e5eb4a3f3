#include "report/interference_section.h"

#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rb::report {
namespace {

std::string percent(double share) {
  return fmt::format("{:.3g}%", share * 100);
}

std::string cell_name(const CellResult& result) {
  std::string label =
      fmt::format("#{} {} {}", result.cell.index, result.cell.workload, result.cell.plugin);
  if (!result.cell.params.empty()) label += ' ' + result.cell.params_label();
  return label;
}

bool any_measured(const RunResult& run) {
  for (const auto& cell : run.cells)
    if (!cell.interference.empty()) return true;
  return false;
}

}  // namespace

std::string disturbed_footnote(const RunResult& run) {
  std::string cells;
  for (const auto& cell : run.cells)
    if (cell.disturbed && cell.status == CellStatus::ok)
      cells += fmt::format("  {}: {}\n", cell_name(cell), cell.disturbance);
  if (cells.empty()) return {};
  return fmt::format(
             "{} disturbed: other work (or a hypervisor) took more than {} of the cell's CPUs "
             "in a round, so its numbers may be the machine's rather than the code's:\n",
             kDisturbedMark.substr(1), percent(run.context.disturbance_threshold)) +
         cells;
}

std::string interference_section(const RunResult& run) {
  if (!any_measured(run)) return {};
  std::string out = fmt::format(
      "## Interference\n\nPer round: the share of the cell's CPUs' time busy with other work "
      "(/proc/stat, less the cell's own CPU time) or stolen by a hypervisor; over {} the round "
      "is disturbed, and its cells are marked `{}` in the tables.\n\n",
      percent(run.context.disturbance_threshold), kDisturbedMark.substr(1));
  std::vector<std::string> disturbed, retried;
  const CellResult* busiest = nullptr;
  double busiest_share = -1;
  for (const auto& cell : run.cells) {
    if (cell.disturbed)
      disturbed.push_back(fmt::format("- {}: {}", cell_name(cell), cell.disturbance));
    for (const auto& round : cell.interference) {
      if (round.attempt > 0)
        retried.push_back(fmt::format(
            "- {}: round {} retried {} {}{}", cell_name(cell), round.round + 1, round.attempt,
            round.attempt == 1 ? "time" : "times", round.disturbed ? ", still disturbed" : ""));
      if (round.foreign_cpu_share > busiest_share) {
        busiest_share = round.foreign_cpu_share;
        busiest = &cell;
      }
    }
  }
  if (disturbed.empty())
    out += "No cell was disturbed.\n";
  else
    out += fmt::format("Disturbed cells:\n\n{}\n", fmt::join(disturbed, "\n"));
  if (!retried.empty())
    out +=
        fmt::format("\nRetried rounds (the last attempt kept):\n\n{}\n", fmt::join(retried, "\n"));
  if (busiest != nullptr)
    out += fmt::format("\nHighest foreign CPU share of a round: {} ({}).\n", percent(busiest_share),
                       cell_name(*busiest));
  return out + '\n';
}

std::string machine_context_items(const RunContext& c) {
  if (c.clock_resolution_ns <= 0) return {};
  std::string out =
      fmt::format("- **Clock:** CLOCK_MONOTONIC resolves {:.3g} ns, a read costs {:.3g} ns\n",
                  c.clock_resolution_ns, c.clock_overhead_ns);
  out += fmt::format("- **Disturbance threshold:** {}\n", percent(c.disturbance_threshold));
  out += fmt::format("- **Other processes (CPU during the run):** {}\n",
                     c.foreign_processes.empty()
                         ? "none seen"
                         : fmt::format("{}", fmt::join(c.foreign_processes, ", ")));
  for (const std::string& warning : c.machine_warnings)
    out += fmt::format("- **Warning:** {}\n", warning);
  return out;
}

}  // namespace rb::report
