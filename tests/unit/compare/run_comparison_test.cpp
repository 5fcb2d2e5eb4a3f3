// Comparing whole runs: verdicts and exit codes on synthetic runs of known difference.
#include <gtest/gtest.h>

#include <algorithm>

#include "compare/comparison_json.h"
#include "compare/comparison_output.h"
#include "compare/run_comparison.h"
#include "synthetic_runs.h"
#include "workload/registry.h"

namespace rb::compare {
namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;

RunResult run_with(std::uint64_t seed, double scale, std::size_t samples = 24) {
  SyntheticOptions o;
  o.seed = seed;
  o.scale = scale;
  o.samples = samples;
  return synthetic_flower_run(o);
}

bool all_rows(const RunComparison& c, Verdict v) {
  return !c.rows.empty() && std::all_of(c.rows.begin(), c.rows.end(),
                                        [&](const CellComparison& r) { return r.verdict == v; });
}

TEST(RunComparison, TwentyPercentSlowdownIsSlowerAndExitsOne) {
  const RunComparison c = compare_runs(run_with(1, 1.0), run_with(2, 1.2), {});
  EXPECT_EQ(c.matched, 4u);
  EXPECT_EQ(c.rows.size(), 8u);  // 4 cells x the two headline metrics
  EXPECT_TRUE(all_rows(c, Verdict::slower));
  EXPECT_NEAR(c.rows.front().ratio.ratio, 1.2, 0.02);
  EXPECT_EQ(exit_code(c), kExitRegression);
}

TEST(RunComparison, IdenticalRunsAreSameAndExitZero) {
  const RunResult run = run_with(3, 1.0);
  const RunComparison c = compare_runs(run, run, {});
  EXPECT_TRUE(all_rows(c, Verdict::same));
  EXPECT_EQ(exit_code(c), kExitNoRegression);
}

TEST(RunComparison, TwoIndependentRunsOfTheSameDistributionAreSame) {
  EXPECT_EQ(exit_code(compare_runs(run_with(4, 1.0), run_with(5, 1.0), {})), kExitNoRegression);
}

TEST(RunComparison, ThreeSamplesAreInconclusiveAndExitThree) {
  const RunComparison c = compare_runs(run_with(6, 1.0, 3), run_with(7, 1.2, 3), {});
  EXPECT_TRUE(all_rows(c, Verdict::inconclusive));
  EXPECT_EQ(exit_code(c), kExitInconclusive);
}

TEST(RunComparison, SpeedUpIsFasterAndNotARegression) {
  const RunComparison c = compare_runs(run_with(8, 1.0), run_with(9, 0.8), {});
  EXPECT_TRUE(all_rows(c, Verdict::faster));
  EXPECT_EQ(exit_code(c), kExitNoRegression);
}

TEST(RunComparison, AnotherSoHashIsFlaggedNotHidden) {
  SyntheticOptions o;
  const RunResult base = synthetic_flower_run(o);
  o.seed = 2;
  o.sha256 = "bb22";
  const RunComparison c = compare_runs(base, synthetic_flower_run(o), {});
  ASSERT_FALSE(c.rows.empty());
  for (const auto& row : c.rows) {
    EXPECT_TRUE(row.provenance_changed);
    ASSERT_FALSE(row.notes.empty());
    EXPECT_NE(row.notes.back().find("sha256 aa11 -> bb22"), std::string::npos);
  }
}

TEST(RunComparison, DifferentHostIsNoted) {
  RunResult next = run_with(10, 1.0);
  next.context.host = "otherhost";
  const RunComparison c = compare_runs(run_with(11, 1.0), next, {});
  ASSERT_EQ(c.context_notes.size(), 1u);
  EXPECT_EQ(c.context_notes[0], "host: testhost -> otherhost");
}

TEST(RunComparison, CellThatCrashesNowIsARegression) {
  RunResult next = run_with(12, 1.0);
  next.cells[0].status = CellStatus::crashed;
  next.cells[0].reason = "signal 11";
  const RunComparison c = compare_runs(run_with(13, 1.0), next, {});
  ASSERT_EQ(c.uncompared.size(), 1u);
  EXPECT_TRUE(c.uncompared[0].broken);
  EXPECT_EQ(exit_code(c), kExitRegression);
}

TEST(RunComparison, SkippedOnBothSidesIsNotARegression) {
  RunResult base = run_with(14, 1.0);
  RunResult next = run_with(15, 1.0);
  base.cells[0].status = next.cells[0].status = CellStatus::skipped;
  const RunComparison c = compare_runs(base, next, {});
  ASSERT_EQ(c.uncompared.size(), 1u);
  EXPECT_FALSE(c.uncompared[0].broken);
  EXPECT_EQ(exit_code(c), kExitNoRegression);
}

// Nothing needed a verdict (every matched cell skipped): not "inconclusive" (3) but 0, with
// a note saying so.
TEST(RunComparison, AllCellsSkippedExitZeroWithANote) {
  RunResult base = run_with(19, 1.0);
  RunResult next = run_with(20, 1.0);
  for (auto* run : {&base, &next})
    for (auto& cell : run->cells) cell.status = CellStatus::skipped;
  const RunComparison c = compare_runs(base, next, {});
  EXPECT_EQ(c.matched, 4u);
  EXPECT_TRUE(c.rows.empty());
  EXPECT_EQ(exit_code(c), kExitNoRegression);
  EXPECT_NE(no_verdict_note(c).find("no cell needed a verdict"), std::string::npos);
}

TEST(RunComparison, CellsSkippedInTheNewRunOnlyExitZero) {
  RunResult next = run_with(22, 1.0);
  for (auto& cell : next.cells) cell.status = CellStatus::skipped;
  const RunComparison c = compare_runs(run_with(21, 1.0), next, {});
  EXPECT_TRUE(c.rows.empty());
  EXPECT_EQ(exit_code(c), kExitNoRegression);
}

TEST(RunComparison, RowsHaveNoNote) {
  const RunResult run = run_with(23, 1.0);
  EXPECT_TRUE(no_verdict_note(compare_runs(run, run, {})).empty());
}

TEST(RunComparison, CellsOnOneSideOnlyAreListed) {
  SyntheticOptions o;
  o.plugins = {"libevent2", "muduo", "raw-epoll"};
  const RunComparison c = compare_runs(run_with(16, 1.0), synthetic_flower_run(o), {});
  EXPECT_EQ(c.matched, 4u);
  EXPECT_EQ(c.only_in_new.size(), 2u);
  EXPECT_TRUE(c.only_in_base.empty());
}

// Whatever workload declares a higher-is-better metric (a throughput): a 20% drop is slower.
TEST(RunComparison, HigherIsBetterMetricDropIsSlower) {
  std::string workload, metric;
  for (const char* w : {"pingpong", "notify"})
    for (const auto& info : workload::metrics_for_workload(w))
      if (!info.lower_is_better && metric.empty()) {
        workload = w;
        metric = info.name;
      }
  // pingpong declares MiB/s: none found is itself a bug (issue 36), not a reason to skip.
  ASSERT_FALSE(metric.empty()) << "no workload declares a higher-is-better metric";
  auto as_throughput = [&](RunResult run) {
    for (auto& cell : run.cells) {
      cell.cell.workload = workload;
      for (auto& s : cell.samples) s.metrics = {{metric, 1e6 / s.metrics.at("setup_us")}};
    }
    return run;
  };
  CompareOptions options;
  options.metrics = {metric};
  const RunComparison c =
      compare_runs(as_throughput(run_with(17, 1.0)), as_throughput(run_with(18, 1.25)), options);
  ASSERT_EQ(c.rows.size(), 4u);
  EXPECT_FALSE(c.rows[0].metric.lower_is_better);
  EXPECT_LT(c.rows[0].ratio.ratio, 0.85);  // new/base: the throughput fell
  EXPECT_TRUE(all_rows(c, Verdict::slower));
  EXPECT_EQ(exit_code(c), kExitRegression);
}

TEST(RunComparison, PluginsWithinOneRun) {
  SyntheticOptions o;
  RunResult run = synthetic_flower_run(o);
  for (auto& cell : run.cells)
    if (cell.cell.plugin == "muduo")
      for (auto& s : cell.samples) s.metrics["dispatch_us"] *= 1.3;
  CompareOptions options;
  options.metrics = {"dispatch_us"};
  const RunComparison c = compare_plugins(run, "libevent2", "muduo", options);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_TRUE(all_rows(c, Verdict::slower));
  EXPECT_EQ(c.rows[0].base_plugin, "libevent2");
  EXPECT_EQ(c.rows[0].new_plugin, "muduo");
  EXPECT_FALSE(c.rows[0].provenance_changed);  // two plugins always differ: not a flag
}

// Issue 30, part 1: in one run, round r of each plugin shares the machine's state of that
// minute. A drift of +-20% per round common to both plugins, and muduo 10% slower: judged as
// two unrelated samples the drift hides the 10%; judged as pairs it is found.
TEST(RunComparison, PluginsOfOneRunAreJudgedAsPairsThroughACommonDrift) {
  SyntheticOptions o;
  o.noise = 0.01;
  RunResult run = synthetic_flower_run(o);
  const double drift[] = {1.0, 1.2, 0.85, 1.1, 0.8, 1.15};
  for (auto& cell : run.cells)
    for (auto& s : cell.samples) {
      s.metrics["dispatch_us"] *= drift[s.round];
      if (cell.cell.plugin == "muduo") s.metrics["dispatch_us"] *= 1.10;
    }
  CompareOptions options;
  options.metrics = {"dispatch_us"};
  const RunComparison c = compare_plugins(run, "libevent2", "muduo", options);
  ASSERT_EQ(c.rows.size(), 2u);
  for (const auto& row : c.rows) {
    ASSERT_TRUE(row.pairing.has_value());
    EXPECT_EQ(row.pairing->pairs, 6u);
    EXPECT_EQ(row.verdict, Verdict::slower) << row.reason;
    EXPECT_NEAR(row.ratio.ratio, 1.10, 0.01);
    EXPECT_GT(row.pairing->correlation, 0.9);
    EXPECT_GT(row.pairing->narrowing(), 3);  // the unpaired interval holds the drift
    EXPECT_DOUBLE_EQ(row.pairing->p_sign_flip, 2.0 / 64);
    EXPECT_LT(row.p_value, 0.001);  // the paired t-test's
  }
  const std::string json = comparison_json(c);
  EXPECT_NE(json.find("\"pairing\": {"), std::string::npos);
  EXPECT_NE(json.find("paired t-test"), std::string::npos);
  EXPECT_NE(comparison_text(c, false).find("CI "), std::string::npos);
}

// muduo 30% slower than libevent2 in every sample; 6 rounds of `samples / 6` iterations,
// each round in lockstep or not; `disturbed` marks every cell as another program's victim.
RunComparison muduo_slower(std::size_t samples, double scale, bool lockstep, bool disturbed) {
  SyntheticOptions synthetic;
  synthetic.samples = samples;
  synthetic.scale = scale;
  RunResult run = synthetic_flower_run(synthetic);
  for (auto& cell : run.cells) {
    for (auto& s : cell.samples)
      if (cell.cell.plugin == "muduo") s.metrics["dispatch_us"] *= 1.3;
    cell.disturbed = disturbed;
    if (disturbed) cell.disturbance = "round 1: 40% of cpu 1 busy with other work (threshold 5%)";
    cell.interference.assign(6, RoundInterference{});
    cell.rounds_in_lockstep = lockstep ? 6 : 0;
  }
  CompareOptions options;
  options.metrics = {"dispatch_us"};
  return compare_plugins(run, "libevent2", "muduo", options);
}

// A disturbed cell is withheld, unless every round of both sides ran in one lockstep process
// with 10 or more iterations a round: then each disturbance hit both sides of pairs
// milliseconds apart, and the pairs are judged.
TEST(RunComparison, DisturbedLockstepPairsAreJudgedNotWithheld) {
  for (const bool lockstep : {false, true}) {
    const RunComparison c = muduo_slower(60, 1.0, lockstep, true);  // 10 iterations a round
    ASSERT_EQ(c.rows.size(), 2u);
    for (const auto& row : c.rows) {
      if (lockstep) {
        EXPECT_EQ(row.verdict, Verdict::slower) << row.reason;
        EXPECT_EQ(row.pairing->unit, "iterations");
        EXPECT_NE(std::find(row.notes.begin(), row.notes.end(),
                            "disturbed, judged as pairs: each disturbance hit both sides of its "
                            "lockstep process"),
                  row.notes.end());
      } else {
        EXPECT_EQ(row.withheld, "disturbed");
      }
    }
  }
}

// Lockstep with 4 iterations a round (seconds apart for a workload like notify's): a
// disturbance is not known to have hit both sides alike, and the cell is withheld.
TEST(RunComparison, DisturbedLockstepWithFewIterationsARoundIsWithheld) {
  const RunComparison c = muduo_slower(24, 1.0, true, true);
  ASSERT_EQ(c.rows.size(), 2u);
  for (const auto& row : c.rows) EXPECT_EQ(row.withheld, "disturbed") << row.reason;
}

// A 5 us metric: judged when paired by rounds, withheld in lockstep, where the other copy of
// the plugin in the same process sways regions this short (verdict_gates.h).
TEST(RunComparison, LockstepWithholdsMetricsBelowItsFloor) {
  for (const bool lockstep : {false, true}) {
    const RunComparison c = muduo_slower(24, 0.1, lockstep, false);  // dispatch_us ~5 us
    ASSERT_EQ(c.rows.size(), 2u);
    for (const auto& row : c.rows) {
      if (lockstep) {
        EXPECT_EQ(row.withheld, "resolution");
        EXPECT_NE(row.reason.find("is below 10 us, where two copies in one lockstep process"),
                  std::string::npos)
            << row.reason;
      } else {
        EXPECT_EQ(row.verdict, Verdict::slower) << row.reason;
      }
    }
  }
}

// Two runs are not pairs: their rounds ran at different times.
TEST(RunComparison, RunsComparedWithEachOtherAreNotPaired) {
  const RunComparison c = compare_runs(run_with(19, 1.0), run_with(20, 1.2), {});
  for (const auto& row : c.rows) EXPECT_FALSE(row.pairing.has_value());
}

TEST(RunComparison, GeometricMeanPerPluginAndMetric) {
  const RunComparison c = compare_runs(run_with(19, 1.0), run_with(20, 1.2), {});
  ASSERT_EQ(c.summaries.size(), 4u);  // 2 plugins x 2 metrics
  for (const auto& s : c.summaries) {
    EXPECT_EQ(s.cells, 2u);
    EXPECT_EQ(s.slower, 2u);
    EXPECT_NEAR(s.geomean_ratio, 1.2, 0.02);
  }
}

TEST(RunComparison, SummaryOnlySourcesAreInconclusive) {
  RunResult base = run_with(21, 1.0);
  RunResult next = run_with(22, 1.2);
  for (auto& cell : base.cells) cell.samples.clear();
  const RunComparison c = compare_runs(base, next, {});
  EXPECT_TRUE(all_rows(c, Verdict::inconclusive));
  EXPECT_NEAR(c.rows[0].ratio.ratio, 1.2, 0.03);  // medians still shown
}

}  // namespace
}  // namespace rb::compare
