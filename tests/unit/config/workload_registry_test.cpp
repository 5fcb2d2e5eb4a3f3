// What the workload registry alone knows: each workload's metrics, the one that spans an
// iteration (the cost model's), the ones its figure draws and how, and the descriptor tables
// an option declaration may name.
#include "workload/registry.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/round_values.h"

namespace rb::workload {
namespace {

bool declares(const WorkloadEntry& entry, const std::string& metric) {
  return std::any_of(entry.metrics.begin(), entry.metrics.end(),
                     [&](const MetricInfo& info) { return info.name == metric; });
}

std::vector<std::string> plotted(const WorkloadEntry& entry) {
  std::vector<std::string> names;
  for (const auto& info : entry.metrics)
    if (info.plotted) names.push_back(info.name);
  return names;
}

TEST(WorkloadRegistry, EachWorkloadPlotsSomeOfItsOwnMetricsAlongItsOwnAxes) {
  for (const auto& entry : registry()) {
    EXPECT_FALSE(plotted(entry).empty()) << entry.name;
    for (const auto& metric : plotted(entry)) EXPECT_TRUE(declares(entry, metric)) << metric;
    for (const std::string& along :
         {entry.roles.plot.x, entry.roles.plot.rows, entry.roles.plot.cols})
      if (!along.empty() && along != "metric") {
        EXPECT_NE(entry.schema.find_axis(along), nullptr) << entry.name << ": " << along;
      }
  }
}

TEST(WorkloadRegistry, RrPlotsLatencyPercentilesAndRequestsPerSecondAgainstConnections) {
  const WorkloadEntry& rr = *find_entry("rr");
  const auto names = plotted(rr);
  for (const char* metric : {"p50_us", "p99_us", "requests_per_s"})
    EXPECT_NE(std::find(names.begin(), names.end(), metric), names.end()) << metric;
  EXPECT_EQ(std::find(names.begin(), names.end(), "client_cpu_util"), names.end());
  EXPECT_EQ(rr.roles.plot.x, "connections");
}

TEST(WorkloadRegistry, EachWorkloadsIterationMetricIsATimeItDeclares) {
  for (const auto& entry : registry()) {
    const MetricInfo* metric = iteration_metric_for(entry.name);
    ASSERT_NE(metric, nullptr) << entry.name;
    EXPECT_EQ(metric->name, entry.roles.iteration_metric);
    EXPECT_TRUE(seconds_per_unit(metric->unit).has_value()) << entry.name << ": " << metric->unit;
  }
  EXPECT_EQ(iteration_metric_for("no-such-workload"), nullptr);
}

TEST(WorkloadRegistry, TheCostModelReadsTheMetricTheWorkloadDeclares) {
  for (const auto& entry : registry()) {
    const MetricInfo& metric = *iteration_metric_for(entry.name);
    Sample sample;
    sample.metrics[metric.name] = 250;
    EXPECT_DOUBLE_EQ(*iteration_seconds(sample, metric), 250 * *seconds_per_unit(metric.unit))
        << entry.name;
  }
  // A metric of a new workload that no list in the model names reaches it as declared...
  Sample sample;
  sample.metrics = {{"round_trip_ms", 4}, {"total_us", 9}};
  EXPECT_DOUBLE_EQ(*iteration_seconds(sample, {"round_trip_ms", "ms"}), 0.004);
  // ... and another workload's time metric in the sample is not taken for it.
  sample.metrics.erase("round_trip_ms");
  EXPECT_EQ(iteration_seconds(sample, {"round_trip_ms", "ms"}), std::nullopt);
  EXPECT_EQ(iteration_seconds(sample, {"total_us", "req/s"}), std::nullopt);  // no time unit
}

TEST(WorkloadRegistry, OptionDeclarationsMayNameEveryWorkloadsDescriptorTables) {
  EXPECT_EQ(option_tables(), (std::vector<std::string>{"flower", "notify", "pingpong_server",
                                                       "pingpong_client", "rr_server"}));
}

}  // namespace
}  // namespace rb::workload
