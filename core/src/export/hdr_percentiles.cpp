#include "export/hdr_percentiles.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "export/export_input.h"

namespace rb::exporting {
namespace {

using stats::LatencyHistogram;
using Sparse = LatencyHistogram::Sparse;
using HistogramOf = Sparse Sample::*;

constexpr int kTicksPerHalfDistance = 5;  // outputPercentileDistribution's default
constexpr double kScalingRatio = 1000.0;  // recorded ns, printed us

// HdrHistogram's medianEquivalentValue: a bucket's lowest value plus half its width.
double median_equivalent(std::uint32_t bucket) {
  const std::uint64_t low = LatencyHistogram::lowest_in(bucket);
  const std::uint64_t width = LatencyHistogram::highest_in(bucket) - low + 1;
  return static_cast<double>(low + width / 2);
}

// PercentileIterator's next reporting level: kTicksPerHalfDistance steps per halving of the
// distance to 100%.
double next_level(double level) {
  if (level >= 100.0) return 100.0;
  const auto halvings = static_cast<std::int64_t>(std::log(100.0 / (100.0 - level)) / std::log(2));
  const std::int64_t ticks =
      kTicksPerHalfDistance * static_cast<std::int64_t>(std::pow(2.0, halvings + 1));
  return level + 100.0 / static_cast<double>(ticks);
}

std::string value_us(std::uint32_t bucket) {
  return fmt::format("{:12.3f}",
                     static_cast<double>(LatencyHistogram::highest_in(bucket)) / kScalingRatio);
}

// The rows PercentileIterator gives: each reporting level at the first bucket whose
// cumulative count reaches it (one bucket can serve several levels), then 100% at the last.
std::string percentile_rows(const Sparse& buckets, std::uint64_t total) {
  std::string out;
  double level = 0;
  std::uint64_t counted = 0;
  std::size_t i = 0;
  bool counted_current = false;
  while (counted < total) {
    for (;;) {
      if (!counted_current) {
        counted += buckets[i].second;
        counted_current = true;
      }
      if (100.0 * static_cast<double>(counted) / static_cast<double>(total) >= level) break;
      ++i;
      counted_current = false;
    }
    out += fmt::format("{} {:2.12f} {:10d} {:14.2f}\n", value_us(buckets[i].first), level / 100.0,
                       counted, 1.0 / (1.0 - level / 100.0));
    level = next_level(level);
  }
  out += fmt::format("{} {:2.12f} {:10d}\n", value_us(buckets[i].first), 1.0, counted);
  return out;
}

Sparse merged(const std::vector<Sample>& samples, HistogramOf histogram) {
  LatencyHistogram all;
  for (const auto& sample : samples)
    if (!(sample.*histogram).empty()) all.merge(LatencyHistogram::from_sparse(sample.*histogram));
  return all.to_sparse();
}

// A cell's name as a file name: "rr/libevent2/connections:10" -> "rr_libevent2_connections=10".
std::string file_stem(std::size_t index, const std::string& name) {
  std::string out = fmt::format("{}-", index);
  for (const char c : name) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
    out += keep ? c : c == ':' ? '=' : '_';
  }
  return out;
}

class HdrPercentiles final : public report::Reporter {
 public:
  report::Rendered render(const report::ReportInput& input) const override {
    auto files = hdr_percentile_files(report::needed(input.run, "a run"), input.exclude_disturbed);
    if (files.empty() && input.exclude_disturbed && !hdr_percentile_files(*input.run).empty())
      throw std::runtime_error(
          "nothing to export: every latency cell of the run was disturbed and "
          "--exclude-disturbed leaves them out");
    if (files.empty())
      throw std::runtime_error(
          "the run has no latency histograms: hdr-percentiles takes a latency workload's (rr) "
          "distributions, which results and the history keep since their layout id was "
          "recorded (samples.jsonl's latency_layout, history schema 5)");
    report::Rendered out;
    out.files = std::move(files);
    return out;
  }
};

}  // namespace

std::string hgrm_text(const Sparse& buckets) {
  std::uint64_t total = 0;
  double sum = 0;
  for (const auto& [bucket, count] : buckets) {
    total += count;
    sum += median_equivalent(bucket) * static_cast<double>(count);
  }
  const double mean = total == 0 ? 0 : sum / static_cast<double>(total);
  double deviations = 0;
  for (const auto& [bucket, count] : buckets) {
    const double d = median_equivalent(bucket) - mean;
    deviations += d * d * static_cast<double>(count);
  }
  const double stddev = total == 0 ? 0 : std::sqrt(deviations / static_cast<double>(total));
  const double max =
      buckets.empty() ? 0 : static_cast<double>(LatencyHistogram::highest_in(buckets.back().first));

  std::string out = fmt::format("{:>12} {:>14} {:>10} {:>14}\n\n", "Value", "Percentile",
                                "TotalCount", "1/(1-Percentile)");
  if (total > 0) out += percentile_rows(buckets, total);
  out += fmt::format("#[Mean    = {:12.3f}, StdDeviation   = {:12.3f}]\n", mean / kScalingRatio,
                     stddev / kScalingRatio);
  out +=
      fmt::format("#[Max     = {:12.3f}, Total count    = {:12d}]\n", max / kScalingRatio, total);
  out += fmt::format("#[Buckets = {:12d}, SubBuckets     = {:12d}]\n",
                     LatencyHistogram::kMaxBits - LatencyHistogram::kSubBits + 1,
                     1 << LatencyHistogram::kSubBits);
  return out;
}

std::vector<report::RenderedFile> hdr_percentile_files(const RunResult& run,
                                                       bool exclude_disturbed) {
  std::vector<report::RenderedFile> out;
  for (const auto& cell : exported_cells(run, {{"all"}, exclude_disturbed})) {
    const std::string stem = file_stem(cell.cell->cell.index, cell.name);
    const std::pair<const char*, HistogramOf> kinds[] = {
        {".hgrm", &Sample::latency_histogram},
        {".uncorrected.hgrm", &Sample::uncorrected_latency_histogram}};
    for (const auto& [suffix, histogram] : kinds) {
      const Sparse buckets = merged(cell.cell->samples, histogram);
      if (buckets.empty()) continue;
      std::string text = hgrm_text(buckets);
      // A comment line, as the footer's: the readers of .hgrm skip lines that begin with '#'.
      if (!cell.disturbed.empty()) text += "#[Disturbed: " + cell.disturbed + "]\n";
      out.push_back({stem + suffix, std::move(text)});
    }
  }
  return out;
}

const report::Reporter& hdr_percentiles_reporter() {
  static const HdrPercentiles reporter;
  return reporter;
}

}  // namespace rb::exporting
