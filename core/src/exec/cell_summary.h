// A cell's numbers from its samples: per metric a summary whose interval treats rounds as the
// replicates, the counters of the last sample, and a latency workload's merged distribution.
#pragma once

#include "model/results.h"

namespace rb::exec {

// Fills CellResult::metrics, ::counters, ::merged_latency and ::merged_uncorrected_latency
// from its samples (the round
// costs of the precision plan from CellResult::interference's wall times, when measured), and
// with `kernel_counts` ([run] kernel_counts) ::kernel_counts.
void summarise_cell(CellResult& cell, bool kernel_counts = false);

}  // namespace rb::exec
