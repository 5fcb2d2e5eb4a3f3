// HdrHistogram's percentile distribution text, the .hgrm file that outputPercentileDistribution
// prints (and wrk2 --latency, HdrHistogram's plotFiles.html and hdr-plot read): a header,
// one row per reporting point (value, percentile, total count, 1/(1-percentile)) stepping 5
// ticks per half distance to 100%, the 100% row, then the mean, standard deviation, max,
// count and bucket counts. Values are microseconds (the recorded nanoseconds over an
// outputValueUnitScalingRatio of 1000), printed with 3 decimals; plot them as `us`.
// stats::LatencyHistogram is HdrHistogram's layout with 256 sub-buckets, so the rows are
// what HdrHistogram itself would print for the same counts.
#pragma once

#include <string>
#include <vector>

#include "model/results.h"
#include "report/reporter.h"
#include "stats/latency_histogram.h"

namespace rb::exporting {

// The .hgrm text of one distribution (non-empty buckets, ascending, as to_sparse gives).
std::string hgrm_text(const stats::LatencyHistogram::Sparse& buckets);

// One file per distribution of the run's ok latency cells: the samples' histograms merged
// (every measured run of every round), "<cell index>-<cell name>.hgrm", and for an open-loop
// cell also "<...>.uncorrected.hgrm" (timed from the actual send, wrk2 -U). Cells without
// histograms (other workloads, or results written before they were kept) give none. A
// disturbed cell's files end with a comment line "#[Disturbed: <why>]"; with
// exclude_disturbed it gives none.
std::vector<report::RenderedFile> hdr_percentile_files(const RunResult& run,
                                                       bool exclude_disturbed = false);

// Those files, of ReportInput::run and ::exclude_disturbed; std::runtime_error when the run
// has none.
const report::Reporter& hdr_percentiles_reporter();

}  // namespace rb::exporting
