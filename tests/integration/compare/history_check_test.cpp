// `runner history --changes`, `runner history --check-newest` and the report's history
// section on a synthetic store: runs written with known medians, so the change points and
// the verdicts (exit codes as compare's) are known in advance.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "../../unit/store/store_test_support.h"
#include "run_helpers.h"
#include "store/schema.h"
#include "synthetic_runs.h"

namespace {

using rbtest::run_runner;
using rbtest::ScratchDir;

// Stores one finished run of config "synth" per scale factor: each cell's medians are the
// synthetic run's (setup_us ~ pipes, dispatch_us ~ 50) times that factor.
std::string store_runs(const ScratchDir& dir, const std::vector<double>& scales) {
  const auto db = dir.path() / "history.db";
  for (std::size_t i = 0; i < scales.size(); ++i) {
    rb::testing::SyntheticOptions o;
    o.seed = i + 1;
    o.scale = scales[i];
    rb::RunResult run = rb::testing::synthetic_flower_run(o);
    run.context.started_at = fmt::format("2026-03-{:02}T02:00:00Z", i + 1);
    run.context.finished_at = fmt::format("2026-03-{:02}T02:01:00Z", i + 1);
    rb::testing::store_run(db, run, "synth");
  }
  return db.string();
}

// A flat history: each run's level moves by a seeded 1.5% (the night-to-night drift).
std::vector<double> flat(std::size_t n, std::uint64_t seed = 42) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> unit(0, 1);
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(1 + 0.015 * unit(engine));
  return out;
}

using rbtest::contains;

TEST(HistoryCheckCli, FlatHistoryIsNoRegression) {
  ScratchDir dir;
  const auto db = store_runs(dir, flat(8));
  const auto r = run_runner({"history", "--store", db, "--check-newest", "--config", "synth"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "history check: run 8")) << r.out;
  EXPECT_TRUE(contains(r.out, "-> exit 0")) << r.out;
}

TEST(HistoryCheckCli, ThirtyPercentSlowerNewestRunIsARegression) {
  ScratchDir dir;
  auto scales = flat(7);
  scales.push_back(1.3);
  const auto db = store_runs(dir, scales);
  auto r = run_runner({"history", "--store", db, "--check-newest", "--config", "synth"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "regression: flower muduo")) << r.out;

  r = run_runner({"history", "--store", db, "--check-newest", "--format", "json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json.at("newest_run"), 8);
  EXPECT_EQ(json.at("exit_code"), 1);
  for (const auto& cell : json.at("cells")) {
    EXPECT_EQ(cell.at("verdict"), "regression") << cell;
    EXPECT_NEAR(cell.at("change").get<double>(), 0.30, 0.05) << cell;
  }
}

// --color always paints the verdicts as compare does; never leaves no ESC byte.
TEST(HistoryCheckCli, ColourPaintsTheRegressionRed) {
  ScratchDir dir;
  auto scales = flat(7);
  scales.push_back(1.3);
  const auto db = store_runs(dir, scales);
  auto r = run_runner({"history", "--store", db, "--check-newest", "--color", "always"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "\033[31mregression\033[0m\n")) << r.out;  // the table's column
  EXPECT_TRUE(contains(r.out, "\033[31mregression: flower muduo")) << r.out;
  EXPECT_TRUE(contains(r.out, "history verdict: \033[31m")) << r.out;
  r = run_runner({"history", "--store", db, "--check-newest", "--color", "never"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out.find('\033'), std::string::npos) << r.out;
  r = run_runner(
      {"history", "--store", db, "--check-newest", "--format", "md", "--color", "always"});
  EXPECT_EQ(r.out.find('\033'), std::string::npos) << r.out;
}

TEST(HistoryCheckCli, FasterNewestRunIsNoRegression) {
  ScratchDir dir;
  auto scales = flat(7);
  scales.push_back(0.7);
  const auto r = run_runner(
      {"history", "--store", store_runs(dir, scales), "--check-newest", "--format", "json"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("cells")[0].at("verdict"), "improved");
}

TEST(HistoryCheckCli, FewerThanMinRunsIsNothingToJudgeYet) {
  ScratchDir dir;
  const auto db = store_runs(dir, {1.0, 1.0, 1.0, 1.3});
  auto r = run_runner({"history", "--store", db, "--check-newest"});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "nothing to judge yet")) << r.out;
  r = run_runner({"history", "--store", db, "--check-newest", "--min-runs", "3"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  r = run_runner({"history", "--store", db, "--check-newest", "--threshold", "five"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
}

TEST(HistoryChangesCli, AStepIsReportedAtTheRunWhereItHappened) {
  ScratchDir dir;
  auto scales = flat(8, 1);
  for (double s : flat(8, 2)) scales.push_back(1.3 * s);
  const auto db = store_runs(dir, scales);
  auto r = run_runner(
      {"history", "--store", db, "--changes", "--cell", "muduo pipes=100", "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  ASSERT_EQ(json.at("series").size(), 2u);  // setup_us and dispatch_us
  for (const auto& s : json.at("series")) {
    ASSERT_EQ(s.at("change_points").size(), 1u) << s;
    const auto& cp = s.at("change_points")[0];
    EXPECT_EQ(cp.at("run"), 9);
    EXPECT_NEAR(cp.at("change").get<double>(), 0.30, 0.05);
    EXPECT_LT(cp.at("p_value").get<double>(), 0.01);
  }

  r = run_runner({"history", "--store", db, "--changes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "change points in config 'synth' on host 'testhost'")) << r.out;
  EXPECT_TRUE(contains(r.out, "flower muduo")) << r.out;

  // A flat history: every series in the one-line summary.
  ScratchDir flat_dir;
  r = run_runner({"history", "--store", store_runs(flat_dir, flat(10)), "--changes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "no change point in 8 of 8 series (10 runs each)")) << r.out;
}

// Issue 31: runs that were all disturbed gave "(0 runs each)" without saying they were left
// out.
TEST(HistoryChangesCli, RunsAllDisturbedAreSaidToBeLeftOut) {
  ScratchDir dir;
  const auto db = store_runs(dir, flat(6));
  rb::store::open_history(db, false).exec("UPDATE cells SET disturbed = 1");
  const auto r = run_runner({"history", "--store", db, "--changes"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out,
                       "no change point in 8 of 8 series (0 runs each; 6 disturbed runs each left "
                       "out, --allow-disturbed keeps them)"))
      << r.out;
}

TEST(HistoryChangesCli, ReportDrawsTheHistoryWithItsChangePoints) {
  ScratchDir dir;
  auto scales = flat(8, 1);
  for (double s : flat(8, 2)) scales.push_back(1.3 * s);
  const auto db = store_runs(dir, scales);
  const auto html = dir.path() / "report";
  const auto r =
      run_runner({"report", "last", "--store", db, "--html", html.string(), "--no-plots"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(html / "report.html");
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_TRUE(contains(page.str(), "<h3>History</h3>")) << page.str().substr(0, 2000);
  EXPECT_TRUE(contains(page.str(), "class=\"change-point\""));
  EXPECT_TRUE(contains(page.str(), "<svg"));
}

}  // namespace
