// Each export against its format's documented shape:
//  - Google Benchmark JSON (what tools/compare.py reads): context.json_schema_version 1;
//    benchmarks[] with a string name, numeric real_time/cpu_time and a time_unit of ns,
//    us, ms or s; repetitions as run_type "iteration", aggregates with aggregate_name;
//  - Bencher Metric Format: {benchmark: {measure: {value, lower_value?, upper_value?}}};
//  - github-action-benchmark custom tools: [{name, unit, value, range?, extra?}].
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "exec/matrix_runner.h"
#include "export/bencher_bmf.h"
#include "export/export_input.h"
#include "export/github_action_benchmark.h"
#include "export/google_benchmark.h"
#include "synthetic_runs.h"

namespace rb::exporting {
namespace {

using model::Json;

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
  const Json j = google_benchmark_json(run_with_one_skipped_cell(), {{"all"}}, skipped);
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
  // The parameters every cell shares are in the context, not in each name.
  EXPECT_EQ(benchmarks[0].at("name"), "flower/libevent2/pipes:100/setup_us");
  EXPECT_EQ(j.at("context").at("reactorbench").at("fixed_parameters").at("flower"),
            "active:100 writes:100 transport:socketpair");
  EXPECT_TRUE(skipped.empty());
}

TEST(GoogleBenchmark, NonTimeMetricsAreLeftOutAndNamed) {
  RunResult run = run_with_one_skipped_cell();
  for (auto& cell : run.cells) cell.metrics["wakeups"] = cell.metrics.at("setup_us");
  std::vector<std::string> skipped;
  google_benchmark_json(run, {{"all"}}, skipped);
  EXPECT_EQ(skipped, std::vector<std::string>{"wakeups"});
}

TEST(BencherBmf, BenchmarksHoldMeasuresWithValueAndBounds) {
  const Json j = bencher_bmf_json(run_with_one_skipped_cell(), {{"all"}});
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
  const Json j = bencher_bmf_json(run_with_one_skipped_cell(), {{"dispatch_us"}});
  for (const auto& [benchmark, measures] : j.items()) {
    EXPECT_EQ(measures.size(), 1u);
    EXPECT_TRUE(measures.contains("dispatch_us"));
  }
}

TEST(GithubActionBenchmark, SmallerIsBetterEntriesHaveTheDocumentedFields) {
  std::vector<std::string> skipped;
  const Json j = github_action_benchmark_json(run_with_one_skipped_cell(),
                                              Direction::smaller_is_better, {{"all"}}, skipped);
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
                                              Direction::bigger_is_better, {{"all"}}, skipped);
  EXPECT_TRUE(j.empty());  // flower's metrics are all times
  EXPECT_EQ(skipped.size(), 3u);
}

// A ping-pong run as the runner makes one: per cell mib_per_s and messages_per_s (higher is
// better) and seconds (lower is better, not a headline), summarised from the samples; the
// last cell skipped. Throughput doubles with the block size, so the values are known.
RunResult synthetic_pingpong_run() {
  rb::testing::SyntheticOptions o;
  o.samples = 13;  // odd: the median is a sample, exactly the nominal value
  RunResult run = rb::testing::synthetic_flower_run(o);
  run.workload = "pingpong";
  std::size_t i = 0;
  for (auto& cell : run.cells) {
    const std::int64_t block = i % 2 == 0 ? 1024 : 4096;
    cell.cell.workload = "pingpong";
    cell.cell.params = {{"sessions", std::int64_t{i < 2 ? 10 : 100}}, {"block", block}};
    const double mib = 100.0 * static_cast<double>(block) / 1024;
    for (std::size_t k = 0; k < cell.samples.size(); ++k) {
      const double wobble = 1 + 0.01 * (static_cast<double>(k % 5) - 2);  // median exactly 1
      cell.samples[k].metrics = {{"mib_per_s", mib * wobble},
                                 {"messages_per_s", mib * 1024 * 1024 / block * wobble},
                                 {"seconds", 1.0 / wobble}};
    }
    cell.provenance_by_role = {{"server", *cell.provenance}, {"client", *cell.provenance}};
    cell.metrics.clear();
    exec::summarise_cell(cell);
    ++i;
  }
  run.cells.back().status = CellStatus::skipped;
  return run;
}

// github-action-benchmark's documented custom-tool shape: a JSON array of objects with a
// string `name`, a string `unit`, a number `value`, and optional strings `range` and `extra`;
// nothing else. customBiggerIsBetter takes the higher-is-better metrics only.
TEST(GithubActionBenchmark, BiggerIsBetterExportsThroughputsInTheDocumentedShape) {
  std::vector<std::string> skipped;
  const Json j = github_action_benchmark_json(synthetic_pingpong_run(), Direction::bigger_is_better,
                                              {{"all"}}, skipped);
  ASSERT_TRUE(j.is_array());
  // 3 ok cells x (mib_per_s, messages_per_s); the skipped cell and `seconds` left out.
  ASSERT_EQ(j.size(), 6u);
  std::map<std::string, double> values;
  for (const auto& e : j) {
    ASSERT_TRUE(e.is_object());
    ASSERT_TRUE(e.at("name").is_string());
    ASSERT_TRUE(e.at("unit").is_string());
    ASSERT_TRUE(e.at("value").is_number());
    EXPECT_TRUE(std::isfinite(e.at("value").get<double>()));
    EXPECT_GT(e.at("value").get<double>(), 0);
    if (e.contains("range")) {
      ASSERT_TRUE(e.at("range").is_string());
      EXPECT_EQ(e.at("range").get<std::string>().rfind("± ", 0), 0u);
    }
    if (e.contains("extra")) {
      ASSERT_TRUE(e.at("extra").is_string());
      EXPECT_NE(e.at("extra").get<std::string>().find("median of 13 samples"), std::string::npos);
    }
    for (const auto& [key, value] : e.items())
      EXPECT_TRUE(key == "name" || key == "unit" || key == "value" || key == "range" ||
                  key == "extra")
          << key;
    values[e.at("name").get<std::string>()] = e.at("value").get<double>();
  }
  const std::string cell = "pingpong/libevent2/sessions:10/block:1024/";
  ASSERT_EQ(values.count(cell + "mib_per_s"), 1u);
  EXPECT_DOUBLE_EQ(values.at(cell + "mib_per_s"), 100.0);
  EXPECT_DOUBLE_EQ(values.at("pingpong/muduo/sessions:10/block:4096/mib_per_s"), 400.0);
  EXPECT_NEAR(values.at(cell + "messages_per_s"), 102400.0, 1e-6);
  for (const auto& e : j) {
    if (e.at("name").get<std::string>().ends_with("mib_per_s")) {
      EXPECT_EQ(e.at("unit"), "MiB/s");
    }
  }
  EXPECT_EQ(skipped, std::vector<std::string>{"seconds"});
}

// The same run's other file: customSmallerIsBetter gets `seconds` only.
TEST(GithubActionBenchmark, PingpongSmallerIsBetterTakesTheRest) {
  std::vector<std::string> skipped;
  const Json j = github_action_benchmark_json(synthetic_pingpong_run(),
                                              Direction::smaller_is_better, {{"all"}}, skipped);
  ASSERT_EQ(j.size(), 3u);
  for (const auto& e : j) {
    EXPECT_EQ(e.at("unit"), "s");
    EXPECT_DOUBLE_EQ(e.at("value").get<double>(), 1.0);
  }
  EXPECT_EQ(skipped.size(), 2u);
}

// Throughputs as Google Benchmark's user counters on the cell's time entries, in its units.
TEST(GoogleBenchmark, ThroughputsAreUserCountersInBytesAndItems) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(synthetic_pingpong_run(), {{"all"}}, skipped);
  EXPECT_TRUE(skipped.empty());
  const Json& benchmarks = j.at("benchmarks");
  // 3 ok cells x (`seconds`, mib_per_s, messages_per_s) x (13 + aggregates)
  ASSERT_EQ(benchmarks.size(), 3u * 3u * (13u + 4u));
  const std::string name = "pingpong/libevent2/sessions:10/block:1024/seconds";
  std::size_t seen = 0;
  for (const auto& b : benchmarks) {
    ASSERT_TRUE(b.at("bytes_per_second").is_number()) << b.dump();
    ASSERT_TRUE(b.at("items_per_second").is_number()) << b.dump();
    if (b.at("run_name") != name) continue;
    ++seen;
    if (b.at("run_type") == "iteration") {
      const int k = b.at("repetition_index").get<int>();
      const double wobble = 1 + 0.01 * (k % 5 - 2);
      EXPECT_NEAR(b.at("bytes_per_second").get<double>(), 100.0 * 1048576 * wobble, 1e-3);
      EXPECT_NEAR(b.at("items_per_second").get<double>(), 102400.0 * wobble, 1e-6);
    } else if (b.at("aggregate_name") == "median") {
      EXPECT_DOUBLE_EQ(b.at("bytes_per_second").get<double>(), 100.0 * 1048576);
      EXPECT_NEAR(b.at("items_per_second").get<double>(), 102400.0, 1e-6);
    } else if (b.at("aggregate_name") == "cv") {
      EXPECT_LT(b.at("bytes_per_second").get<double>(), 0.1);  // a ratio, not scaled
    }
  }
  EXPECT_EQ(seen, 17u);
}

// compare.py compares times only: a rate is also a benchmark of its own, the time one unit
// takes, so a throughput change shows in compare.py's table (inverted: faster is negative).
TEST(GoogleBenchmark, RatesWithoutATimeMetricBecomeTimePerUnit) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(synthetic_pingpong_run(), {{"mib_per_s"}}, skipped);
  EXPECT_TRUE(skipped.empty());
  ASSERT_EQ(j.at("benchmarks").size(), 3u * (13u + 4u));
  for (const auto& b : j.at("benchmarks")) {
    if (b.at("name") != "pingpong/libevent2/sessions:10/block:1024/mib_per_s_median") continue;
    EXPECT_EQ(b.at("time_unit"), "ns");
    EXPECT_NEAR(b.at("real_time").get<double>(), 1e9 / 100.0, 1e-6);  // ns per MiB at 100 MiB/s
    EXPECT_DOUBLE_EQ(b.at("bytes_per_second").get<double>(), 100.0 * 1048576);
  }
}

TEST(ExportSchemaVersion, GoogleBenchmarkFirstMemberAndGithubExtraText) {
  std::vector<std::string> skipped;
  const Json gb = google_benchmark_json(synthetic_pingpong_run(), {{"all"}}, skipped);
  EXPECT_EQ(gb.begin().key(), "schema_version");
  EXPECT_EQ(gb.at("schema_version"), kExportSchemaVersion);
  const Json gab = github_action_benchmark_json(synthetic_pingpong_run(),
                                                Direction::bigger_is_better, {{"all"}}, skipped);
  ASSERT_FALSE(gab.empty());
  for (const auto& e : gab)
    EXPECT_TRUE(e.at("extra").get<std::string>().ends_with("\nschema_version: 1")) << e.dump();
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
