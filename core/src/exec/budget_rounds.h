// [run] budget's bookkeeping (exec/cell_runner.h runs the rounds): why each compared cell's
// rounds stopped, and what the next round of a group of cells is expected to take.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "exec/matrix_runner.h"
#include "model/results.h"

namespace rb::exec {

// The cells `look` judged and found decided (in no undecided group), not yet stopped:
// "decided at look N".
void mark_decided(std::vector<CellResult>& cells, const BudgetLook& look, int look_number);

// The cells of these groups stop undecided, for this reason ("budget spent after look 2").
void mark_undecided(std::vector<CellResult>& cells,
                    const std::vector<std::vector<std::size_t>>& groups, const std::string& why);

// Seconds the group's next round should take, from its cells' latest rounds: the longest
// when they share one process (lockstep), the sum when each runs alone.
double next_round_estimate_s(const std::vector<CellResult>& cells,
                             const std::vector<std::size_t>& group, bool one_process);

// The round number the group's next round takes: after the most any of its cells has run.
int next_round_number(const std::vector<CellResult>& cells, const std::vector<std::size_t>& group);

// The group's cells still ok (a cell that failed in an extra round runs no more).
std::vector<std::size_t> still_running(const std::vector<CellResult>& cells,
                                       const std::vector<std::size_t>& group);

}  // namespace rb::exec
