// The two child-side halves of the pingpong workload, one per role.
#pragma once

#include "reactorbench/plugin.h"
#include "workload/pingpong/shape.h"
#include "workload/workload.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Prepares the server plugin on the inherited listening socket, tells the parent it is
// ready (with its idle peak RSS), serves until the parent asks it to stop (SIGTERM makes
// stop_fd readable), then reports its final counters. Throws CellFailure.
void run_pingpong_server(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const PingpongShape& shape);

// warmup + repetitions independent runs (prepare, run, counters, release), each verified and
// sent as one sample. Throws CellFailure naming the run and the counts.
void run_pingpong_client(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const PingpongShape& shape,
                         const SampleSink& sink);

}  // namespace rb::workload
