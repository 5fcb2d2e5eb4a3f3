// The parent side of [run] pairing = "iterations": one `runner __cell` child runs the job's
// cell and its lockstep partners turn by turn (exec/lockstep_worker.h); its messages are
// sorted by member, and each member's outcome is classified as a process of its own would be
// (the process's exit, a crash or a timeout, is every unfinished member's).
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "exec/cell_job.h"
#include "exec/cell_process.h"
#include "model/results.h"

namespace rb::exec {

// One result per member: [0] the job's own cell, [k] job.lockstep_partners[k - 1]. Each has
// the process's canary and rusage (the members shared them). on_sample sees each member's
// samples as they arrive.
std::vector<CellProcessResult> run_lockstep_process(
    CellJob job, const CellProcessOptions& options,
    const std::function<void(std::size_t member, const Sample&)>& on_sample);

}  // namespace rb::exec
