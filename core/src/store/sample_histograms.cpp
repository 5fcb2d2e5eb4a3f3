#include "store/sample_histograms.h"

namespace rb::store {
namespace {

constexpr std::pair<std::string_view, stats::LatencyHistogram::Sparse Sample::*> kKinds[] = {
    {"latency", &Sample::latency_histogram},
    {"uncorrected_latency", &Sample::uncorrected_latency_histogram}};

}  // namespace

std::array<std::pair<std::string_view, const stats::LatencyHistogram::Sparse*>, 2>
sample_histograms(const Sample& sample) {
  return {{{kKinds[0].first, &(sample.*kKinds[0].second)},
           {kKinds[1].first, &(sample.*kKinds[1].second)}}};
}

stats::LatencyHistogram::Sparse* sample_histogram(Sample& sample, std::string_view kind) {
  for (const auto& [name, member] : kKinds)
    if (name == kind) return &(sample.*member);
  return nullptr;
}

}  // namespace rb::store
