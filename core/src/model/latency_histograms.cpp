#include "model/latency_histograms.h"

#include <fmt/format.h>

namespace rb::model {

const std::string& latency_layout() {
  static const std::string id =
      fmt::format("hdr-log-linear/sub_bits={}/max_bits={}/unit=ns",
                  stats::LatencyHistogram::kSubBits, stats::LatencyHistogram::kMaxBits);
  return id;
}

void check_latency_layout(std::string_view layout, std::string_view where) {
  if (layout == latency_layout()) return;
  throw JsonError(fmt::format(
      "{}: histogram layout '{}' is not this runner's '{}' (written by another reactorbench: "
      "read it with that one)",
      where, layout, latency_layout()));
}

Json sparse_to_json(const stats::LatencyHistogram::Sparse& sparse) {
  return Json(sparse);
}

stats::LatencyHistogram::Sparse sparse_from_json(const JsonField& j) {
  stats::LatencyHistogram::Sparse out;
  for (const auto& pair : j.elements()) {
    const auto bucket_count = pair.elements();
    if (bucket_count.size() != 2) pair.fail("[bucket, count]");
    out.emplace_back(bucket_count[0].get<std::uint32_t>(), bucket_count[1].get<std::uint64_t>());
  }
  return out;
}

void histograms_to_json(const Sample& sample, Json& out) {
  if (sample.latency_histogram.empty() && sample.uncorrected_latency_histogram.empty()) return;
  out["latency_layout"] = latency_layout();
  if (!sample.latency_histogram.empty())
    out["latency_histogram"] = sparse_to_json(sample.latency_histogram);
  if (!sample.uncorrected_latency_histogram.empty())
    out["uncorrected_latency_histogram"] = sparse_to_json(sample.uncorrected_latency_histogram);
}

void histograms_from_json(const JsonField& j, Sample& sample) {
  const auto latency = j.find("latency_histogram");
  const auto uncorrected = j.find("uncorrected_latency_histogram");
  sample.latency_histogram =
      latency ? sparse_from_json(*latency) : stats::LatencyHistogram::Sparse{};
  sample.uncorrected_latency_histogram =
      uncorrected ? sparse_from_json(*uncorrected) : stats::LatencyHistogram::Sparse{};
  if (const auto layout = j.find("latency_layout"))
    check_latency_layout(layout->get<std::string>(), layout->path());
}

}  // namespace rb::model
