// The two child-side halves of the rr workload: the plugin's server, and the host's load
// generator as the client.
#pragma once

#include "reactorbench/plugin.h"
#include "workload/rr/shape.h"
#include "workload/workload.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Prepares the plugin's rr server on the inherited listening socket, tells the parent it is
// ready (with its idle peak RSS), serves until stop_fd becomes readable (SIGTERM), then
// reports its final counters. Throws CellFailure. `runner serve` runs exactly this.
void run_rr_server(const plugin::LoadedPlugin& plugin, const rb_host& host,
                   const CellInputs& inputs, const RrShape& shape);

// warmup + repetitions load runs of `duration` each, fresh connections for each, one sample
// per run (its latency histogram included). With load_percent, one closed-loop calibration
// run comes first. Throws CellFailure for wrong answers, refused connections or resets.
void run_rr_client(const CellInputs& inputs, const RrShape& shape, const SampleSink& sink);

}  // namespace rb::workload
