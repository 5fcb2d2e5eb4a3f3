// What the outcomes of a cell's rounds add up to: a cell's rusage over its rounds, each side's
// figures of a two-process cell, and one outcome for a group of cells that ran together.
#pragma once

#include <vector>

#include "exec/cell_process.h"
#include "model/results.h"

namespace rb::exec {

// CPU times and context switches summed, the peak RSS the larger.
void add_rusage(Rusage& total, const Rusage& round);

// A two-process round's per-role rusage (summed), counters and provenance (the latest).
void add_role_results(CellResult& cell, CellProcessResult& outcome);

// One outcome for a group of cells that ran together (one lockstep process, or a duet), which
// the disturbance measurement and its retries judge: ok only when every member is (else the
// first failure); the CPU time all of them used.
CellProcessResult group_total(const std::vector<CellProcessResult>& members);

}  // namespace rb::exec
