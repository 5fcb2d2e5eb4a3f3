// Runs a test plan: every cell in its own child process, round by round with the plugins
// interleaved (each round's order of plugins a seeded shuffle: exec/round_order.h), samples
// streamed to disk as they arrive, then summarised.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "exec/cell_summary.h"
#include "exec/round_time_priors.h"
#include "model/results.h"

namespace rb::report {
class SamplesWriter;
}

namespace rb::exec {

struct ProgressUpdate {
  enum class Kind { round_started, iteration, round_finished, pass_finished };
  Kind kind = Kind::round_started;
  std::size_t done = 0;   // cell-rounds finished
  std::size_t total = 0;  // cell-rounds the run makes (fewer once a cell fails)
  // Seconds to go, weighted by each cell's round time (progress_tracker.h); nullopt: unknown.
  std::optional<double> remaining_s;
  std::string label;  // the cell: "flower libevent2 pipes=100 ..." (empty for a pass)
  int round = 0;      // its round (1-based); pass_finished: the round every cell finished
  int rounds = 0;
  int iteration = 0;   // iterations the running round has reported, warm-up included
  int iterations = 0;  // of how many
};

// [run] budget: what a look at the run's comparisons found (cli/budget_look.h). Cells are
// positions in the run's cells.
struct BudgetLook {
  // Each a point's cells to run more rounds of together (the sides of its undecided
  // comparisons), the most uncertain first.
  std::vector<std::vector<std::size_t>> undecided;
  // Every cell some comparison judged at this look, decided or not.
  std::vector<std::size_t> compared;
};

struct MatrixOptions {
  std::filesystem::path runner_exe;
  std::filesystem::path results_dir;  // logs/ is created inside
  // Catalog plugin name -> .so; a variant's cells load their base's (CellSpec::setup).
  std::map<std::string, std::filesystem::path> plugin_paths;
  // Plugins that failed to load (catalog name -> why): their cells, and their variants',
  // are `failed` with that reason and never started; the rest of the matrix runs.
  std::map<std::string, std::string> unloadable;
  const std::atomic<bool>* interrupted = nullptr;
  // Seeds each round's order of the plugins at every point (RunContext::order_seed).
  std::uint64_t order_seed = 0;
  // The cells (CellSpec::index, ascending) of the plan this run measures: a shard's
  // (exec/sharding.h; it may have none). nullopt: all of them.
  std::optional<std::vector<std::size_t>> only_cells = std::nullopt;
  // Told when a cell-round starts, as each of its iterations reports, when it ends and when
  // a round of every cell (a pass) ends.
  std::function<void(const ProgressUpdate&)> progress;
  // The newest earlier run of this config on this host (round_time_priors.h): what a cell's
  // round is expected to take, which weights the ETA before the cell's first round.
  std::optional<EarlierRoundTimes> earlier_round_times = std::nullopt;
  // Called once per cell as soon as it is final (after its last round, when it fails, or up
  // front when it cannot run; interrupted ones at the end), summarised: what the history
  // store commits cell by cell.
  std::function<void(const CellResult&)> cell_finished;
  // [run] budget: judges the run's comparisons on the rounds so far, after the planned rounds
  // and after each batch of extra ones (at most stats::kMaxLooks looks). Unset: no extra rounds.
  std::function<BudgetLook(const std::vector<CellResult>& cells)> look = {};
};

// Every cell of the plan (of options.only_cells when set), ok unless it cannot run: failed when its
// plugin did not load (or the workload has no driver), skipped with the workload's reason (e.g.
// more file descriptors than the hard limit). What run_matrix starts from, and what --dry-run
// lists.
std::vector<CellResult> triage_cells(const config::TestPlan& plan, const MatrixOptions& options);

// Never throws for what a plugin does; only for the runner's own I/O failures.
RunResult run_matrix(const config::TestPlan& plan, const MatrixOptions& options,
                     report::SamplesWriter& samples);

}  // namespace rb::exec
