#include "cli/dry_run.h"

#include <fmt/format.h>

#include "cli/results_out.h"
#include "cli/rounds_note.h"
#include "config/budget_key.h"
#include "config/pairing_key.h"
#include "report/number_format.h"
#include "text/text_table.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

// "0.42 s" under a minute (a flower cell's rounds), else "1:05" as the ETA shows time.
std::string format_seconds(double seconds) {
  return seconds < 60 ? fmt::format("{:.2f} s", seconds) : report::format_duration(seconds);
}

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

bool two_process(const config::TestPlan& plan) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  return workload != nullptr && workload->layout() == workload::ProcessLayout::server_client;
}

// The dry run's table: a row a cell, with the time its rounds are expected to take.
struct PlannedCells {
  text::TextTable table{{"#", "plugin", "parameters", "status", "expected", "why not"},
                        {true, false, false, false, true, false},
                        {}};
  std::size_t running = 0;
  std::size_t unknown = 0;  // running cells of no known time
  double expected_s = 0;
};

PlannedCells planned_cells(const std::vector<CellResult>& cells,
                           const exec::RoundTimePriors& priors, int rounds) {
  PlannedCells out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const CellResult& cell = cells[i];
    std::string time = "-";
    if (cell.status == CellStatus::ok) {
      ++out.running;
      if (const auto& per_round = priors.seconds[i]) {
        out.expected_s += *per_round * rounds;
        time = format_seconds(*per_round * rounds);
      } else {
        ++out.unknown;
        // Not `time = "?"`: GCC 12 at -O2 then warns of a memcpy of 2^63 bytes (a false
        // -Wstringop-overflow in the inlined string assign).
        time.assign(1, '?');
      }
    }
    out.table.rows.push_back({std::to_string(cell.cell.index + 1), cell.cell.plugin,
                              cell.cell.params_label(), status_word(cell.status), time,
                              cell.reason});
  }
  return out;
}

// Where the expected times come from: an earlier run's rounds, the plan, or nowhere.
void print_time_sources(const config::TestPlan& plan, const exec::RoundTimePriors& priors,
                        const exec::EarlierRoundTimes* earlier, std::size_t unknown,
                        std::ostream& out) {
  if (priors.from_earlier > 0)
    out << fmt::format("  {} cell(s) as their rounds took in {} (started {}, this host)\n",
                       priors.from_earlier, earlier->dir.string(), earlier->started_at);
  if (priors.from_plan > 0)
    out << fmt::format(
        "  {} cell(s) by the planned time of their iterations (process start and set-up come "
        "on top)\n",
        priors.from_plan);
  if (unknown > 0)
    out << fmt::format(
        "  {} cell(s) of unknown time: {} runs a number of iterations, not for a set time, and "
        "no earlier run of {} on this host in {}/ has them\n",
        unknown, plan.workload, plan.config_path.filename().string(), kDefaultResultsRoot);
}

}  // namespace

void print_dry_run(const config::TestPlan& plan, const exec::MatrixOptions& options,
                   const exec::ShardChoice* shard, const exec::EarlierRoundTimes* earlier,
                   std::ostream& out) {
  const std::vector<CellResult> cells = exec::triage_cells(plan, options);
  const exec::RoundTimePriors priors = exec::round_time_priors(plan, cells, earlier);
  const int rounds = plan.run.rounds;
  const PlannedCells planned = planned_cells(cells, priors, rounds);
  out << fmt::format(
             "dry run of {} ({}): {} cells, {} round(s) of {} warm-up + {} measured "
             "iterations each; nothing is run or written\n",
             plan.config_path.string(), plan.workload, cells.size(), rounds, plan.run.warmup,
             plan.run.repetitions)
      << rounds_note(plan) << '\n'
      << config::pairing_note(plan, two_process(plan)) << '\n'
      << config::budget_note(plan) << "\n\n"
      << text::render_text(planned.table) << '\n';
  if (shard != nullptr)
    out << fmt::format("shard {}/{} (by {}): {} of the plan's {} cells\n", shard->index,
                       shard->count, exec::to_string(shard->by), cells.size(), plan.cells().size());
  out << fmt::format("{} of {} cells run ({} cell-rounds)", planned.running, cells.size(),
                     planned.running * static_cast<std::size_t>(rounds));
  if (planned.running > planned.unknown)
    out << fmt::format("; expected time {}{}", format_seconds(planned.expected_s),
                       planned.unknown > 0 ? " for those of known time" : "");
  out << '\n';
  print_time_sources(plan, priors, earlier, planned.unknown, out);
}

}  // namespace rb::cli
