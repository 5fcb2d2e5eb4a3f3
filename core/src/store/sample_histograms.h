// The rows of version 5's sample_histograms table: which of a sample's histograms goes under
// which `kind`, shared by the recorder and the reader so the two cannot disagree.
#pragma once

#include <array>
#include <string_view>
#include <utility>

#include "model/results.h"

namespace rb::store {

// ("latency", &latency_histogram), ("uncorrected_latency", &uncorrected_latency_histogram).
std::array<std::pair<std::string_view, const stats::LatencyHistogram::Sparse*>, 2>
sample_histograms(const Sample& sample);

// The histogram of `sample` stored under `kind`; nullptr for a kind this runner does not know.
stats::LatencyHistogram::Sparse* sample_histogram(Sample& sample, std::string_view kind);

}  // namespace rb::store
