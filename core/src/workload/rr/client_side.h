// The client half of the rr workload: the host's load generator, in the client's child process
// (the plugin's server is the shared workload/plugin_server_side.h, run by driver.cpp).
#pragma once

#include "workload/rr/shape.h"
#include "workload/workload.h"

namespace rb::workload {

// warmup + repetitions load runs of `duration` each, fresh connections for each, one sample
// per run (its latency histogram included). With load_percent, one closed-loop calibration
// run comes first. Throws CellFailure for wrong answers, refused connections or resets.
void run_rr_client(const CellInputs& inputs, const RrShape& shape, const SampleSink& sink);

}  // namespace rb::workload
