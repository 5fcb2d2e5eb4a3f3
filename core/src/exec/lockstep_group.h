// [run] pairing = "iterations": which of a point's cells share one lockstep process
// (exec/lockstep_process.h) in a round.
#pragma once

#include <cstddef>
#include <vector>

#include "model/results.h"
#include "workload/workload.h"

namespace rb::exec {

// The cells of cell i's point still running, i first, for one lockstep process: all of
// them when their descriptors (each cell's workload.fds_needed plus fds_per_cell_extra) fit
// under the hard limit together; else those of i's base plugin (a plugin with its variants
// and other builds: what an A/B compares); else none (each runs a process of its own, paired
// by rounds). `cells` are in plan order (triage_cells).
std::vector<std::size_t> lockstep_group(const std::vector<CellResult>& cells, std::size_t i,
                                        std::size_t per_point, const workload::Workload& workload,
                                        long fds_per_cell_extra, long fd_hard);

}  // namespace rb::exec
