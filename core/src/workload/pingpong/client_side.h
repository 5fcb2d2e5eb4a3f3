// The client half of the pingpong workload, in the client's child process (the server half is
// the shared workload/plugin_server_side.h, run by driver.cpp).
#pragma once

#include "reactorbench/plugin.h"
#include "workload/pingpong/shape.h"
#include "workload/workload.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Bytes in a MiB: pingpong reports MiB/s, and MiB per CPU-second of the server.
inline constexpr double kMiB = 1024.0 * 1024.0;

// warmup + repetitions independent runs (prepare, run, counters, release), each verified and
// sent as one sample. Throws CellFailure naming the run and the counts.
void run_pingpong_client(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const PingpongShape& shape,
                         const SampleSink& sink);

}  // namespace rb::workload
