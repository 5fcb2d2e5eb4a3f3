// CellRunner's [run] budget: the extra rounds after the planned ones (exec/budget_rounds.h).
#include <fmt/format.h>

#include <algorithm>

#include "exec/budget_rounds.h"
#include "exec/cell_runner.h"
#include "stats/sequential_design.h"

namespace rb::exec {

// Looks at the run's comparisons; gives each undecided one a batch of paired rounds (the
// planned number), most uncertain first, and looks again, at most kMaxLooks times in all,
// until every comparison is decided or the budget would be overrun.
void CellRunner::spend_budget() {
  const auto deadline = std::chrono::steady_clock::now() + plan_.run.budget;
  for (int look = 1; !interrupted(); ++look) {
    const BudgetLook judged = options_.look(run_.cells);
    mark_decided(run_.cells, judged, look);
    if (judged.undecided.empty()) return;
    if (look == stats::kMaxLooks) {
      mark_undecided(run_.cells, judged.undecided, fmt::format("undecided after {} looks", look));
      return;
    }
    for (std::size_t g = 0; g < judged.undecided.size(); ++g)
      if (!run_batch(judged.undecided[g], deadline)) {
        const std::vector<std::vector<std::size_t>> rest(judged.undecided.begin() + g,
                                                         judged.undecided.end());
        mark_undecided(run_.cells, rest, fmt::format("budget spent after look {}", look));
        return;
      }
  }
}

// One batch of extra rounds of a group; false when the next round would overrun the
// budget (or the run was interrupted), the batch then cut short.
bool CellRunner::run_batch(const std::vector<std::size_t>& group,
                           std::chrono::steady_clock::time_point deadline) {
  for (int r = 0; r < rounds_; ++r) {
    const std::vector<std::size_t> running = still_running(run_.cells, group);
    if (running.size() < 2) return true;  // nothing left to pair
    const bool one_process = lockstep_fits(running);
    const auto estimate =
        std::chrono::duration<double>(next_round_estimate_s(run_.cells, running, one_process));
    if (interrupted() || std::chrono::steady_clock::now() + estimate > deadline) return false;
    const int round = next_round_number(run_.cells, running);
    for (const std::size_t i : running) progress_.add_round(i, round);
    if (one_process) {
      run_lockstep(running, round);
    } else if (plan_.effective_pairing() == config::Pairing::duet && !paired_ &&
               running.size() <= duet_cpu_count_) {
      run_duet(running, round);
    } else {
      // Alone each, in an order that alternates round by round (ABBA): neither side is
      // always the one measured first.
      std::vector<std::size_t> order = running;
      if (round % 2 == 1) std::reverse(order.begin(), order.end());
      for (const std::size_t i : order) run_alone(i, round, 0);
    }
  }
  return true;
}

// Whether the group's cells can share one lockstep process ([run] pairing = "iterations",
// one-process workload, their descriptors under the hard limit together).
bool CellRunner::lockstep_fits(const std::vector<std::size_t>& group) const {
  if (plan_.effective_pairing() != config::Pairing::iterations || paired_) return false;
  long fds = 0;
  for (const std::size_t i : group) fds += workload_.fds_needed(run_.cells[i].cell) + counter_fds();
  return fds <= fd_hard_;
}

}  // namespace rb::exec
