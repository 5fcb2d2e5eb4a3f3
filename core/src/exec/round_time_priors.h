// What a round of each cell is expected to take before this run measures it, for the ETA
// (progress_tracker.h) and `runner run --dry-run`: the newest earlier run of the same config
// on this host, read from its results directory (every round's wall time is in summary.json),
// else the workload's planned time (pingpong and rr run for a set duration; flower and notify
// run a number of iterations and have none). Times from another host are never used: they
// say nothing about this one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "model/results.h"

namespace rb::exec {

struct EarlierRoundTimes {
  std::filesystem::path dir;               // the results directory they were read from
  std::string started_at;                  // that run's start (UTC)
  std::map<std::string, double> median_s;  // round_time_key -> median round wall time
};

// "plugin params-label": the same cell in two runs of one config.
std::string round_time_key(const CellSpec& cell);

// The newest of `results_root`'s directories named `<config_stem>-*` (as `runner run` names
// them) whose summary.json was measured on `host`, skipping `exclude` (this run's own) and
// any it cannot read; at most `max_dirs_read` summaries are read. nullopt when none fits.
std::optional<EarlierRoundTimes> earlier_round_times(const std::filesystem::path& results_root,
                                                     const std::string& config_stem,
                                                     const std::string& host,
                                                     const std::filesystem::path& exclude = {},
                                                     std::size_t max_dirs_read = 5);

struct RoundTimePriors {
  std::vector<std::optional<double>> seconds;  // per entry of `cells`; nullopt: unknown
  std::size_t from_earlier = 0;                // how many came from the earlier run
  std::size_t from_plan = 0;                   // ... and from the workload's planned time
};

// One prior per cell that runs (status ok; the others have none): the earlier run's median
// round for it, else the planned time.
RoundTimePriors round_time_priors(const config::TestPlan& plan,
                                  const std::vector<CellResult>& cells,
                                  const EarlierRoundTimes* earlier);

}  // namespace rb::exec
