// The child side of a cell: set limits and affinity, load the plugin, run the workload,
// report every sample as it is measured. Runs in `runner __cell`, never in the parent.
#pragma once

#include "exec/cell_job.h"

namespace rb::exec {

// Exit codes of the worker, read by the parent together with the message stream.
inline constexpr int kWorkerOk = 0;
inline constexpr int kWorkerCellFailed = 3;
inline constexpr int kWorkerBadJob = 4;

int run_cell_worker(const CellJob& job);

}  // namespace rb::exec
