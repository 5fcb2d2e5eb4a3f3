#include "report/latency_section.h"

#include <fmt/format.h>

namespace rb::report {
namespace {

std::string value_or_dash(const std::map<std::string, double>& values, const char* key) {
  const auto it = values.find(key);
  return it == values.end() ? "-" : fmt::format("{:.1f}", it->second);
}

std::uint64_t counter_or_zero(const std::map<std::string, std::uint64_t>& counters,
                              const char* key) {
  const auto it = counters.find(key);
  return it == counters.end() ? 0 : it->second;
}

}  // namespace

std::string latency_section(const RunResult& run) {
  std::string rows;
  for (const auto& cell : run.cells) {
    if (cell.merged_latency.empty()) continue;
    std::uint64_t timeouts = 0;
    for (const auto& sample : cell.samples)
      timeouts += counter_or_zero(sample.counters, "timeouts");
    rows += fmt::format(
        "| {} | {} | {:.0f} | {} | {} | {} | {} | {} | {} | {} |\n", cell.cell.plugin,
        cell.cell.params_label(), cell.merged_latency.at("count"),
        value_or_dash(cell.merged_latency, "p50_us"), value_or_dash(cell.merged_latency, "p90_us"),
        value_or_dash(cell.merged_latency, "p99_us"), value_or_dash(cell.merged_latency, "p999_us"),
        value_or_dash(cell.merged_latency, "p9999_us"),
        value_or_dash(cell.merged_latency, "max_us"), timeouts);
  }
  if (rows.empty()) return "";
  return "## Latency distribution, all measured runs merged (us)\n\n"
         "Every response of every measured run and round in one histogram (0.8% buckets); "
         "the tables above give the median of each run's percentile with its CI.\n\n"
         "| plugin | cell | responses | p50 | p90 | p99 | p99.9 | p99.99 | max | timeouts |\n"
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n" +
         rows + '\n';
}

}  // namespace rb::report
