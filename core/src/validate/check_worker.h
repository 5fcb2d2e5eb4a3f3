// The child side of one conformance check: `runner __cell JOB` with CellJob::check set
// loads the plugin, runs that check under the phase watchdog and reports "done" for a pass
// or "failed" with the reason, on the same report pipe a cell uses.
#pragma once

#include "exec/cell_job.h"

namespace rb::validate {

// Returns the worker's exit code (exec/cell_worker.h).
int run_check_job(const exec::CellJob& job);

// CellJob::check is "<check name>" or "<check name>#<variant>".
std::string check_job_name(const std::string& check, int variant);

}  // namespace rb::validate
