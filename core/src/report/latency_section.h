// summary.md's section for latency workloads: each cell's whole distribution, the
// histograms of every measured run of every round merged (CellResult::merged_latency).
#pragma once

#include <string>

#include "model/results.h"

namespace rb::report {

// "" when no cell has a merged distribution.
std::string latency_section(const RunResult& run);

}  // namespace rb::report
