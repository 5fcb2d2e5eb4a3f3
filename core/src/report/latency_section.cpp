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

std::string row(const CellResult& cell, const std::string& label,
                const std::map<std::string, double>& latency, std::uint64_t timeouts) {
  return fmt::format("| {} | {} | {:.0f} | {} | {} | {} | {} | {} | {} | {} |\n", cell.cell.plugin,
                     label, latency.at("count"), value_or_dash(latency, "p50_us"),
                     value_or_dash(latency, "p90_us"), value_or_dash(latency, "p99_us"),
                     value_or_dash(latency, "p999_us"), value_or_dash(latency, "p9999_us"),
                     value_or_dash(latency, "max_us"), timeouts);
}

}  // namespace

std::string latency_section(const RunResult& run) {
  std::string rows;
  bool uncorrected = false;
  for (const auto& cell : run.cells) {
    if (cell.merged_latency.empty()) continue;
    std::uint64_t timeouts = 0;
    for (const auto& sample : cell.samples)
      timeouts += counter_or_zero(sample.counters, "timeouts");
    rows += row(cell, cell.cell.params_label(), cell.merged_latency, timeouts);
    if (cell.merged_uncorrected_latency.empty()) continue;
    uncorrected = true;
    rows += row(cell, cell.cell.params_label() + " (uncorrected)", cell.merged_uncorrected_latency,
                timeouts);
  }
  if (rows.empty()) return "";
  const std::string uncorrected_note =
      uncorrected ? "An open-loop cell's second row, *uncorrected*, times the same responses "
                    "from when each request was really sent rather than when it was due (wrk2 "
                    "-U): the distance between its rows is the waiting a closed-loop tool "
                    "would not have seen (coordinated omission).\n\n"
                  : "";
  return "## Latency distribution, all measured runs merged (us)\n\n"
         "Every response of every measured run and round in one histogram (0.8% buckets); "
         "the tables above give the median of each run's percentile with its CI.\n\n" +
         uncorrected_note +
         "| plugin | cell | responses | p50 | p90 | p99 | p99.9 | p99.99 | max | timeouts |\n"
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n" +
         rows + '\n';
}

}  // namespace rb::report
