// The child side of a cell: set limits and affinity, load the plugin, run the workload,
// report every sample as it is measured. Runs in `runner __cell`, never in the parent.
#pragma once

#include "exec/cell_job.h"
#include "workload/workload.h"

namespace rb::exec {

using workload::kWorkerBadJob;
using workload::kWorkerCellFailed;
using workload::kWorkerOk;

int run_cell_worker(const CellJob& job);

}  // namespace rb::exec
