// What every export takes from a run and how it marks what a dashboard must not take as a
// clean number: the headline metrics by default, disturbed cells marked in each format (or
// left out), names without the parameters every cell shares, cpu_time from the measured CPU,
// and an empty export refused with the reason.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "../../support/what_thrown.h"
#include "export/bencher_bmf.h"
#include "export/export_input.h"
#include "export/github_action_benchmark.h"
#include "export/google_benchmark.h"
#include "synthetic_runs.h"

namespace rb::exporting {
namespace {

using model::Json;

// Four ok flower cells; the second (muduo at pipes=100) disturbed; each round 2 s of wall
// time with 0.5 s of CPU (a CPU share of 0.25).
RunResult flower_run_with_a_disturbed_cell() {
  rb::testing::SyntheticOptions o;
  o.samples = 6;
  o.rounds = 1;
  RunResult run = rb::testing::synthetic_flower_run(o);
  for (auto& cell : run.cells) {
    RoundInterference round;
    round.wall_s = 2.0;
    round.foreign_cpu_share = 0.01;
    cell.interference = {round};
  }
  run.cells[1].disturbed = true;
  run.cells[1].disturbance = "round 1: other work took 23% of the cell's CPUs";
  run.cells[1].interference[0].foreign_cpu_share = 0.23;
  return run;
}

std::set<std::string> metric_names_of(const Json& bmf) {
  std::set<std::string> out;
  for (const auto& [benchmark, measures] : bmf.items())
    for (const auto& [measure, value] : measures.items()) out.insert(measure);
  return out;
}

TEST(ExportChoice, HeadlineMetricsByDefaultAllOnRequest) {
  const RunResult run = flower_run_with_a_disturbed_cell();
  EXPECT_EQ(metric_names_of(bencher_bmf_json(run, {})),
            (std::set<std::string>{"setup_us", "dispatch_us", "disturbed_cpu_share"}));
  EXPECT_EQ(metric_names_of(bencher_bmf_json(run, {{"all"}})),
            (std::set<std::string>{"setup_us", "dispatch_us", "total_us", "disturbed_cpu_share"}));
  EXPECT_EQ(metric_names_of(bencher_bmf_json(run, {{"total_us"}})),
            (std::set<std::string>{"total_us", "disturbed_cpu_share"}));
}

TEST(ExportChoice, DisturbedCellIsMarkedInGoogleBenchmark) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(flower_run_with_a_disturbed_cell(), {}, skipped);
  std::size_t marked = 0;
  for (const auto& b : j.at("benchmarks")) {
    const bool disturbed = b.at("name").get<std::string>().starts_with("flower/muduo/pipes:100/");
    EXPECT_EQ(b.contains("label"), disturbed) << b.dump();
    if (!disturbed) continue;
    ++marked;
    EXPECT_EQ(b.at("label"), "disturbed: round 1: other work took 23% of the cell's CPUs");
    EXPECT_EQ(b.at("reactorbench_disturbed"), true);
  }
  EXPECT_EQ(marked, 2u * (6u + 4u));  // two headline metrics, six samples and four aggregates
}

TEST(ExportChoice, DisturbedCellIsMarkedInBencherAndGithubAction) {
  const RunResult run = flower_run_with_a_disturbed_cell();
  const Json bmf = bencher_bmf_json(run, {});
  const std::string disturbed = "flower/muduo/pipes:100/active:100/writes:100/transport:socketpair";
  EXPECT_DOUBLE_EQ(bmf.at(disturbed).at("disturbed_cpu_share").at("value").get<double>(), 0.23);
  EXPECT_DOUBLE_EQ(bmf.at("flower/libevent2/pipes:100/active:100/writes:100/transport:socketpair")
                       .at("disturbed_cpu_share")
                       .at("value")
                       .get<double>(),
                   0.0);
  std::vector<std::string> skipped;
  const Json gab = github_action_benchmark_json(run, Direction::smaller_is_better, {}, skipped);
  ASSERT_EQ(gab.size(), 8u);
  for (const auto& e : gab) {
    const bool marked = e.at("extra").get<std::string>().starts_with(
        "DISTURBED: round 1: other work took 23% of the cell's CPUs\n");
    EXPECT_EQ(marked, e.at("name").get<std::string>().starts_with(disturbed + "/")) << e.dump();
  }
}

TEST(ExportChoice, ExcludeDisturbedLeavesTheCellOutAndSaysSo) {
  const RunResult run = flower_run_with_a_disturbed_cell();
  const ExportChoice exclude{{}, true};
  const Json bmf = bencher_bmf_json(run, exclude);
  EXPECT_EQ(bmf.size(), 3u);
  EXPECT_FALSE(bmf.contains("flower/muduo/pipes:100/active:100/writes:100/transport:socketpair"));
  EXPECT_EQ(withheld_cells(run, exclude),
            std::vector<std::string>{
                "flower/muduo/pipes:100/active:100/writes:100/transport:socketpair: disturbed: "
                "round 1: other work took 23% of the cell's CPUs"});
  EXPECT_TRUE(withheld_cells(run, {}).empty());
}

TEST(ExportChoice, CellsThatAreNotOkAreNamedAsWithheld) {
  RunResult run = flower_run_with_a_disturbed_cell();
  run.cells[3].status = CellStatus::timeout;
  run.cells[3].reason = "round 1: no answer in 60 s";
  EXPECT_EQ(withheld_cells(run, {}),
            std::vector<std::string>{
                "flower/muduo/pipes:1000/active:100/writes:100/transport:socketpair: timeout: "
                "round 1: no answer in 60 s"});
}

TEST(ExportChoice, GoogleBenchmarkCpuTimeIsTheMeasuredShare) {
  std::vector<std::string> skipped;
  const Json j = google_benchmark_json(flower_run_with_a_disturbed_cell(), {}, skipped);
  for (const auto& b : j.at("benchmarks")) {
    if (b.at("run_type") == "aggregate" && b.at("aggregate_name") == "cv") continue;
    EXPECT_DOUBLE_EQ(b.at("cpu_time").get<double>(), b.at("real_time").get<double>() * 0.25)
        << b.dump();
  }
}

TEST(ExportChoice, EmptyExportIsAnErrorThatSaysWhy) {
  const RunResult run = flower_run_with_a_disturbed_cell();
  report::ReportInput input{.run = &run};
  EXPECT_EQ(rbtest::what_thrown<std::runtime_error>([&] {
              github_action_benchmark_reporter(Direction::bigger_is_better).render(input);
            }),
            "nothing to export: custom-bigger-is-better takes a bigger-is-better metric, and the "
            "workloads' headline metrics gave none (the run's metrics: dispatch_us, setup_us, "
            "total_us); name others with --metrics NAME,... or --metrics all, or export its "
            "smaller-is-better metrics with --format custom-smaller-is-better");
  input.metrics = {"wakeups"};
  EXPECT_EQ(rbtest::what_thrown<std::runtime_error>([&] { bencher_bmf_reporter().render(input); }),
            "nothing to export: bencher takes a metric, and --metrics wakeups gave none (the "
            "run's metrics: dispatch_us, setup_us, total_us); name others with --metrics "
            "NAME,... or --metrics all");
  RunResult all_disturbed = run;
  for (auto& cell : all_disturbed.cells) cell.disturbed = true;
  input = {.run = &all_disturbed, .exclude_disturbed = true};
  EXPECT_EQ(
      rbtest::what_thrown<std::runtime_error>([&] { google_benchmark_reporter().render(input); }),
      "nothing to export: every ok cell (4) was disturbed and --exclude-disturbed leaves "
      "them out");
}

}  // namespace
}  // namespace rb::exporting
