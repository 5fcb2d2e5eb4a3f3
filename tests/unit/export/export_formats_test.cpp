// Each export against its format's documented shape:
//  - Google Benchmark JSON (what tools/compare.py reads): context.json_schema_version 1;
//    benchmarks[] with a string name, numeric real_time/cpu_time and a time_unit of ns,
//    us, ms or s; repetitions as run_type "iteration", aggregates with aggregate_name;
//  - Bencher Metric Format: {benchmark: {measure: {value, lower_value?, upper_value?}}};
//  - github-action-benchmark custom tools: [{name, unit, value, range?, extra?}].
#include <gtest/gtest.h>

#include <set>

#include "export/bencher_bmf.h"
#include "export/export_input.h"
#include "export/github_action_benchmark.h"
#include "export/google_benchmark.h"
#include "synthetic_runs.h"

namespace rb::exporting {
namespace {

using report::Json;

RunResult run_with_one_skipped_cell() {
  rb::testing::SyntheticOptions o;
  o.samples = 10;
  RunResult run = rb::testing::synthetic_flower_run(o);
  run.cells.back().status = CellStatus::skipped;
  return run;
}

TEST(GoogleBenchmark, ContextHasTheMachineAndSchemaVersion) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(run_with_one_skipped_cell(), {}, skipped);
  const Json& c = j.at("context");
  EXPECT_EQ(c.at("json_schema_version"), 1);
  EXPECT_TRUE(c.at("date").is_string());
  EXPECT_EQ(c.at("host_name"), "testhost");
  EXPECT_TRUE(c.at("num_cpus").is_number_integer());
  EXPECT_TRUE(c.at("mhz_per_cpu").is_number());
  EXPECT_EQ(c.at("cpu_scaling_enabled"), false);  // governor "performance"
  EXPECT_TRUE(c.at("caches").is_array());
  EXPECT_EQ(c.at("load_avg"), Json::array({0.1, 0.2, 0.3}));
  EXPECT_EQ(c.at("library_build_type"), "release");
  EXPECT_EQ(c.at("reactorbench").at("cpu_model"), "Test CPU");
}

TEST(GoogleBenchmark, EverySampleIsARepetitionAndAggregatesFollow) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(run_with_one_skipped_cell(), {}, skipped);
  const Json& benchmarks = j.at("benchmarks");
  // 3 ok cells x 3 time metrics x (10 repetitions + 4 aggregates)
  ASSERT_EQ(benchmarks.size(), 3u * 3u * 14u);
  std::set<std::string> units;
  std::size_t iterations = 0;
  for (const auto& b : benchmarks) {
    ASSERT_TRUE(b.at("name").is_string());
    ASSERT_TRUE(b.at("real_time").is_number());
    ASSERT_TRUE(b.at("cpu_time").is_number());
    units.insert(b.at("time_unit").get<std::string>());
    ASSERT_TRUE(b.at("family_index").is_number_integer());
    ASSERT_TRUE(b.at("per_family_instance_index").is_number_integer());
    if (b.at("run_type") == "iteration") {
      ++iterations;
      EXPECT_EQ(b.at("name"), b.at("run_name"));
      EXPECT_EQ(b.at("repetitions"), 10);
      EXPECT_LT(b.at("repetition_index").get<int>(), 10);
    } else {
      ASSERT_EQ(b.at("run_type"), "aggregate");
      const std::string aggregate = b.at("aggregate_name");
      EXPECT_EQ(b.at("name").get<std::string>(),
                b.at("run_name").get<std::string>() + "_" + aggregate);
    }
  }
  EXPECT_EQ(iterations, 90u);
  EXPECT_EQ(units, std::set<std::string>{"us"});
  EXPECT_EQ(benchmarks[0].at("name"),
            "flower/libevent2/pipes:100/active:100/writes:100/transport:socketpair/setup_us");
  EXPECT_TRUE(skipped.empty());
}

TEST(GoogleBenchmark, NonTimeMetricsAreLeftOutAndNamed) {
  RunResult run = run_with_one_skipped_cell();
  for (auto& cell : run.cells) cell.metrics["wakeups"] = cell.metrics.at("setup_us");
  std::vector<std::string> skipped;
  google_benchmark_json(run, {}, skipped);
  EXPECT_EQ(skipped, std::vector<std::string>{"wakeups"});
}

TEST(BencherBmf, BenchmarksHoldMeasuresWithValueAndBounds) {
  const Json j = bencher_bmf_json(run_with_one_skipped_cell(), {});
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.size(), 3u);
  for (const auto& [benchmark, measures] : j.items()) {
    EXPECT_FALSE(benchmark.empty());
    ASSERT_TRUE(measures.is_object());
    EXPECT_EQ(measures.size(), 3u);
    for (const auto& [measure, metric] : measures.items()) {
      ASSERT_TRUE(metric.at("value").is_number()) << measure;
      EXPECT_LE(metric.at("lower_value").get<double>(), metric.at("value").get<double>());
      EXPECT_GE(metric.at("upper_value").get<double>(), metric.at("value").get<double>());
      for (const auto& [key, value] : metric.items())
        EXPECT_TRUE(key == "value" || key == "lower_value" || key == "upper_value") << key;
    }
  }
  EXPECT_TRUE(j.contains("flower/muduo/pipes:100/active:100/writes:100/transport:socketpair"));
}

TEST(BencherBmf, MetricFilter) {
  const Json j = bencher_bmf_json(run_with_one_skipped_cell(), {"dispatch_us"});
  for (const auto& [benchmark, measures] : j.items()) {
    EXPECT_EQ(measures.size(), 1u);
    EXPECT_TRUE(measures.contains("dispatch_us"));
  }
}

TEST(GithubActionBenchmark, SmallerIsBetterEntriesHaveTheDocumentedFields) {
  std::vector<std::string> skipped;
  const Json j = github_action_benchmark_json(run_with_one_skipped_cell(),
                                              Direction::smaller_is_better, {}, skipped);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 9u);
  for (const auto& e : j) {
    EXPECT_TRUE(e.at("name").is_string());
    EXPECT_EQ(e.at("unit"), "us");
    EXPECT_TRUE(e.at("value").is_number());
    EXPECT_EQ(e.at("range").get<std::string>().rfind("± ", 0), 0u);
    const std::string extra = e.at("extra");
    EXPECT_NE(extra.find("median of 10 samples"), std::string::npos);
    EXPECT_NE(extra.find("host: testhost"), std::string::npos);
    EXPECT_NE(extra.find("sha256 aa11"), std::string::npos);
    for (const auto& [key, value] : e.items())
      EXPECT_TRUE(key == "name" || key == "unit" || key == "value" || key == "range" ||
                  key == "extra")
          << key;
  }
  EXPECT_TRUE(skipped.empty());
}

TEST(GithubActionBenchmark, BiggerIsBetterTakesOnlyHigherIsBetterMetrics) {
  std::vector<std::string> skipped;
  const Json j = github_action_benchmark_json(run_with_one_skipped_cell(),
                                              Direction::bigger_is_better, {}, skipped);
  EXPECT_TRUE(j.empty());  // flower's metrics are all times
  EXPECT_EQ(skipped.size(), 3u);
}

TEST(ExportInput, TimeUnits) {
  EXPECT_EQ(time_unit_of({"dispatch_us", "us", true, true}), "us");
  EXPECT_EQ(time_unit_of({"elapsed_ms", "", true, true}), "ms");
  EXPECT_EQ(time_unit_of({"mib_per_s", "MiB/s", false, true}), "");
  EXPECT_EQ(time_unit_of({"count", "", true, true}), "");
  EXPECT_EQ(time_unit_of({"items_per_s", "", false, true}), "");
}

}  // namespace
}  // namespace rb::exporting
