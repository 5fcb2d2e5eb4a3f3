#include "cli/dry_run.h"

#include <fmt/format.h>

#include <chrono>

#include "report/number_format.h"
#include "text/text_table.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

const char* status_word(CellStatus status) {
  switch (status) {
    case CellStatus::ok:
      return "runs";
    case CellStatus::skipped:
      return "skipped";
    default:
      return "fails";
  }
}

}  // namespace

void print_dry_run(const config::TestPlan& plan, const exec::MatrixOptions& options,
                   const exec::ShardChoice* shard, std::ostream& out) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const std::vector<CellResult> cells = exec::triage_cells(plan, options);
  const int iterations = plan.run.warmup + plan.run.repetitions;
  const int rounds = plan.run.rounds;

  text::TextTable table{{"#", "plugin", "parameters", "status", "planned", "why not"},
                        {true, false, false, false, true, false},
                        {}};
  std::size_t running = 0;
  std::size_t untimed = 0;  // cells whose workload runs iterations, not a time
  std::chrono::milliseconds planned{0};
  for (const CellResult& cell : cells) {
    std::string time = "-";
    if (cell.status == CellStatus::ok) {
      ++running;
      const std::chrono::milliseconds per_round =
          workload != nullptr ? workload->planned_time(cell.cell, iterations)
                              : std::chrono::milliseconds{0};
      if (per_round.count() > 0) {
        planned += per_round * rounds;
        time = report::format_duration(std::chrono::duration<double>(per_round * rounds).count());
      } else {
        ++untimed;
        // Not `time = "?"`: GCC 12 at -O2 then warns of a memcpy of 2^63 bytes (a false
        // -Wstringop-overflow in the inlined string assign).
        time.assign(1, '?');
      }
    }
    table.rows.push_back({std::to_string(cell.cell.index + 1), cell.cell.plugin,
                          cell.cell.params_label(), status_word(cell.status), time, cell.reason});
  }

  out << fmt::format(
             "dry run of {} ({}): {} cells, {} round(s) of {} warm-up + {} measured "
             "iterations each; nothing is run or written\n\n",
             plan.config_path.string(), plan.workload, cells.size(), rounds, plan.run.warmup,
             plan.run.repetitions)
      << text::render_text(table) << '\n';
  if (shard != nullptr)
    out << fmt::format("shard {}/{} (by {}): {} of the plan's {} cells\n", shard->index,
                       shard->count, exec::to_string(shard->by), cells.size(), plan.cells().size());
  out << fmt::format("{} of {} cells run ({} cell-rounds)", running, cells.size(),
                     running * static_cast<std::size_t>(rounds));
  if (running > untimed)
    out << fmt::format(
        "; planned time of the timed ones {} (measuring only: process start "
        "and set-up come on top)",
        report::format_duration(std::chrono::duration<double>(planned).count()));
  if (untimed > 0)
    out << fmt::format(
        "; {} cell(s) of unknown time ({} runs a number of iterations, not "
        "for a set time: a previous run's results show how long they take)",
        untimed, plan.workload);
  out << '\n';
}

}  // namespace rb::cli
