// A cell's kernel counts per event, from its samples: each sample's counts (Sample::counters,
// model/kernel_counts.h) over the events the workload says it did (Workload::events_in).
// The summary (exec) and compare's count verdict (compare/count_changes.h) read them alike.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/cell.h"
#include "model/kernel_counts.h"
#include "model/results.h"

namespace rb::workload {

struct KernelCountRounds {
  std::string unit;  // empty: the workload has no events, or no sample said how many
  // Per count: per round, the round's counts over its events; and all rounds' together.
  std::map<std::string, std::map<int, double>> per_round;
  std::map<std::string, double> overall;
};

// Samples that count nothing, or say no events, take no part.
KernelCountRounds kernel_counts_by_round(const CellSpec& cell, const std::vector<Sample>& samples);

// The cell's summary of them; `unavailable` is kept as given (why some or all are missing).
KernelCountSummary summarise_kernel_counts(const CellSpec& cell, const std::vector<Sample>& samples,
                                           std::string unavailable);

}  // namespace rb::workload
