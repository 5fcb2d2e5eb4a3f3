// The reasons compare gives no verdict: too few rounds, a disturbed cell, canaries that
// disagree, a quantity at the clock's resolution.
#include <gtest/gtest.h>

#include <algorithm>

#include "compare/common_shift.h"
#include "compare/false_discovery.h"
#include "compare/run_comparison.h"
#include "compare/verdict_gates.h"
#include "synthetic_runs.h"

namespace rb::compare {
namespace {

CellResult cell_with_canaries(std::initializer_list<double> cpu_ns) {
  CellResult cell;
  int round = 0;
  for (double ns : cpu_ns) {
    RoundInterference r;
    r.round = round++;
    r.canary_cpu_ns = ns;
    r.canary_syscall_ns = 50;
    cell.interference.push_back(r);
  }
  return cell;
}

TEST(VerdictGates, OneRoundIsAWithinProcessIntervalOnly) {
  const auto w = rounds_gate(1, 6, VerdictRules{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, "rounds");
  EXPECT_NE(w->reason.find("within-process"), std::string::npos) << w->reason;
  EXPECT_TRUE(rounds_gate(2, 6, VerdictRules{}).has_value());
  EXPECT_FALSE(rounds_gate(3, 6, VerdictRules{}).has_value());
}

TEST(VerdictGates, ADisturbedSideIsWithheldUnlessAllowed) {
  CellResult base;
  CellResult next;
  next.disturbed = true;
  next.disturbance = "round 2: 31% of cpu 1 busy with other work (threshold 5%)";
  const auto w = disturbance_gate(base, next, VerdictRules{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, "disturbed");
  EXPECT_NE(w->reason.find("NEW disturbed (round 2: 31%"), std::string::npos) << w->reason;
  VerdictRules allow;
  allow.allow_disturbed = true;
  EXPECT_FALSE(disturbance_gate(base, next, allow).has_value());
  EXPECT_FALSE(disturbance_gate(base, base, VerdictRules{}).has_value());
}

TEST(VerdictGates, CanariesThatDisagreeBlameTheMachine) {
  const CellResult base = cell_with_canaries({118, 119, 118});
  const CellResult next = cell_with_canaries({100, 101, 100});
  const auto w = canary_gate(base, next, VerdictRules{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, "canary");
  EXPECT_NE(w->reason.find("the machine ran 18% slower in BASE"), std::string::npos) << w->reason;
  EXPECT_FALSE(canary_gate(base, cell_with_canaries({117, 120, 119}), VerdictRules{}));
  EXPECT_FALSE(canary_gate(CellResult{}, next, VerdictRules{}));  // not measured: no opinion
}

TEST(VerdictGates, AQuantityNearTheClocksResolutionGetsNoVerdict) {
  RunContext context;
  context.clock_resolution_ns = 1;
  context.clock_overhead_ns = 25;
  const MetricInfo setup{"setup_us", "us", true, true};
  const auto w = resolution_gate(setup, 0.07, 0.09, context, context, VerdictRules{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, "resolution");
  EXPECT_NE(w->reason.find("0.07 us"), std::string::npos) << w->reason;
  EXPECT_FALSE(resolution_gate(setup, 5, 6, context, context, VerdictRules{}));
  const MetricInfo rate{"items_per_s", "items/s", false, true};
  EXPECT_FALSE(resolution_gate(rate, 0.07, 0.09, context, context, VerdictRules{}));
  // Unmeasured clocks are assumed to cost 100 ns: 0.5 us is below 10x that.
  EXPECT_TRUE(resolution_gate(setup, 0.5, 0.5, RunContext{}, RunContext{}, VerdictRules{}));
}

TEST(VerdictGates, LockstepFloorWithholdsShortTimesOnly) {
  const MetricInfo setup{"setup_us", "us", true, true};
  const auto w = lockstep_floor_gate(setup, 1.3, 1.5, VerdictRules{});
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->kind, "resolution");
  EXPECT_EQ(w->reason,
            "withheld: median 1.3 us is below 10 us, where two copies in one lockstep process "
            "sway each other's timings");
  EXPECT_FALSE(lockstep_floor_gate(setup, 52, 60, VerdictRules{}));
  const MetricInfo rate{"items_per_s", "items/s", false, true};
  EXPECT_FALSE(lockstep_floor_gate(rate, 1.3, 1.5, VerdictRules{}));
  VerdictRules off;
  off.lockstep_floor_us = 0;
  EXPECT_FALSE(lockstep_floor_gate(setup, 1.3, 1.5, off));
}

TEST(RunComparisonRounds, OneRoundASideGivesNoVerdictEvenForALargeChange) {
  testing::SyntheticOptions base_options;
  base_options.rounds = 1;
  testing::SyntheticOptions next_options = base_options;
  next_options.scale = 1.5;
  next_options.seed = 2;
  const RunComparison c = compare_runs(testing::synthetic_flower_run(base_options),
                                       testing::synthetic_flower_run(next_options), {});
  ASSERT_FALSE(c.rows.empty());
  for (const auto& row : c.rows) {
    EXPECT_EQ(row.verdict, Verdict::inconclusive);
    EXPECT_EQ(row.withheld, "rounds");
  }
  EXPECT_EQ(exit_code(c), kExitInconclusive);
}

TEST(RunComparisonRounds, ADisturbedCellIsNotCalledSlower) {
  testing::SyntheticOptions base_options;
  testing::SyntheticOptions next_options;
  next_options.scale = 1.5;
  next_options.seed = 2;
  RunResult next = testing::synthetic_flower_run(next_options);
  for (auto& cell : next.cells) {
    cell.disturbed = true;
    cell.disturbance = "round 1: 40% of cpu 1 busy with other work (threshold 5%)";
  }
  const RunResult base = testing::synthetic_flower_run(base_options);
  const RunComparison withheld = compare_runs(base, next, {});
  for (const auto& row : withheld.rows) EXPECT_EQ(row.withheld, "disturbed");
  EXPECT_NE(exit_code(withheld), kExitRegression);
  CompareOptions allow;
  allow.rules.allow_disturbed = true;
  EXPECT_EQ(exit_code(compare_runs(base, next, allow)), kExitRegression);
}

TEST(RunComparisonRounds, BetweenRoundNoiseWidensTheIntervalInsteadOfCryingWolf) {
  // 6 rounds of 4 iterations, iterations nearly identical inside a round but rounds 4% apart:
  // a flat test would call 2-3% differences significant; the round-level one must not.
  int regressions = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    testing::SyntheticOptions a;
    a.noise = 0.002;
    a.round_noise = 0.04;
    a.seed = seed;
    testing::SyntheticOptions b = a;
    b.seed = seed + 1000;
    const RunComparison c =
        compare_runs(testing::synthetic_flower_run(a), testing::synthetic_flower_run(b), {});
    regressions += exit_code(c) == kExitRegression ? 1 : 0;
  }
  EXPECT_LE(regressions, 1);
}

}  // namespace
}  // namespace rb::compare

namespace rb::compare {
namespace {

CellComparison judged_row(double p, Verdict verdict) {
  CellComparison row;
  row.p_value = p;
  row.verdict = verdict;
  row.ratio.ratio = verdict == Verdict::slower ? 1.2 : 1.0;
  return row;
}

TEST(FalseDiscovery, AnIsolatedFlukeAmongManyCellsIsNotSignificant) {
  std::vector<CellComparison> rows;
  rows.push_back(judged_row(0.001, Verdict::slower));  // 0.001 <= 1/10 * 0.05: kept
  rows.push_back(judged_row(0.03, Verdict::slower));   // 0.03 > 2/10 * 0.05: demoted
  for (int i = 0; i < 8; ++i) rows.push_back(judged_row(0.5, Verdict::same));
  EXPECT_EQ(control_false_discoveries(rows, 0.05), 1u);
  EXPECT_EQ(rows[0].verdict, Verdict::slower);
  EXPECT_EQ(rows[1].verdict, Verdict::inconclusive);
  EXPECT_NE(rows[1].reason.find("Benjamini-Hochberg"), std::string::npos) << rows[1].reason;
}

TEST(FalseDiscovery, AChangeThatMovesManyCellsStaysSignificant) {
  // 8 of 64 cells at the smallest p six rounds a side can give (2 / C(12, 6)).
  std::vector<CellComparison> rows;
  for (int i = 0; i < 8; ++i) rows.push_back(judged_row(2.0 / 924, Verdict::slower));
  for (int i = 0; i < 56; ++i) rows.push_back(judged_row(0.6, Verdict::same));
  EXPECT_EQ(control_false_discoveries(rows, 0.05), 0u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(rows[i].verdict, Verdict::slower);
}

TEST(FalseDiscovery, WithheldRowsAreNotPartOfTheFamily) {
  std::vector<CellComparison> rows;
  rows.push_back(judged_row(0.004, Verdict::slower));
  for (int i = 0; i < 20; ++i) {
    rows.push_back(judged_row(0.9, Verdict::inconclusive));
    rows.back().withheld = "disturbed";
  }
  EXPECT_EQ(control_false_discoveries(rows, 0.05), 0u);  // a family of one: untouched
  EXPECT_EQ(rows[0].verdict, Verdict::slower);
}

RunResult three_plugin_run(std::uint64_t seed, double scale_all, double scale_muduo) {
  testing::SyntheticOptions o;
  o.plugins = {"libevent2", "muduo", "raw-epoll"};
  o.seed = seed;
  o.scale = scale_all;
  RunResult run = testing::synthetic_flower_run(o);
  if (scale_muduo != scale_all) {
    o.scale = scale_muduo;
    const RunResult scaled = testing::synthetic_flower_run(o);
    for (std::size_t i = 0; i < run.cells.size(); ++i)
      if (run.cells[i].cell.plugin == "muduo") run.cells[i] = scaled.cells[i];
  }
  return run;
}

TEST(CommonShift, EveryPluginMovingAlikeIsTheMachineNotTheCode) {
  const RunComparison c = compare_runs(three_plugin_run(1, 1.0, 1.0),
                                       three_plugin_run(2, 1.25, 1.25), CompareOptions{});
  ASSERT_FALSE(c.rows.empty());
  for (const auto& row : c.rows) EXPECT_EQ(row.withheld, "drift") << row.reason;
  EXPECT_NE(exit_code(c), kExitRegression);
  ASSERT_FALSE(c.context_notes.empty());
  EXPECT_NE(c.context_notes.back().find("every plugin moved the same way (3 plugins"),
            std::string::npos)
      << c.context_notes.back();
}

// The note's numbers are the per-plugin table's (the geometric mean of new/base), so the
// banner never says "1.05 to 1.13" above geomeans of 0.75 and 0.88 for the same metric.
TEST(CommonShift, TheNoteSaysTheGeomeansTheSummaryTableShows) {
  const RunComparison c = compare_runs(three_plugin_run(1, 1.0, 1.0),
                                       three_plugin_run(2, 1.25, 1.25), CompareOptions{});
  for (const auto& metric : {"setup_us", "dispatch_us"}) {
    double low = 1e9;
    double high = 0;
    for (const auto& s : c.summaries)
      if (s.metric == metric) {
        low = std::min(low, s.geomean_ratio);
        high = std::max(high, s.geomean_ratio);
      }
    const std::string range = fmt::format("geomean ratios {:.2f} to {:.2f})", low, high);
    EXPECT_TRUE(std::any_of(c.context_notes.begin(), c.context_notes.end(),
                            [&](const std::string& note) {
                              return note.starts_with(std::string(metric) + ":") &&
                                     note.find(range) != std::string::npos;
                            }))
        << metric << " " << range;
  }
}

CellComparison ratio_row(const std::string& plugin, double ratio) {
  CellComparison row;
  row.base_plugin = row.new_plugin = plugin;
  row.metric = {"p99_us", "us", true, true};
  row.ratio.ratio = ratio;
  row.verdict = Verdict::inconclusive;
  return row;
}

// Each plugin's median cell 10% slower, but one of libevent2's cells far faster: its geomean
// (what the table shows) is 0.71, the others' 1.1, so the plugins did not all move alike.
TEST(CommonShift, MediansAloneMovingAlikeIsNoDrift) {
  std::vector<CellComparison> rows;
  for (const double ratio : {1.1, 1.1, 0.3}) rows.push_back(ratio_row("libevent2", ratio));
  for (const char* plugin : {"muduo", "libuv"})
    for (const double ratio : {1.1, 1.1, 1.1}) rows.push_back(ratio_row(plugin, ratio));
  EXPECT_TRUE(withhold_common_shift(rows, VerdictRules{}).empty());
  for (const auto& row : rows) EXPECT_TRUE(row.withheld.empty());
}

TEST(CommonShift, OnePluginSlowerIsStillCalledSlower) {
  const RunComparison c =
      compare_runs(three_plugin_run(1, 1.0, 1.0), three_plugin_run(2, 1.0, 1.25), CompareOptions{});
  for (const auto& row : c.rows) {
    EXPECT_TRUE(row.withheld.empty()) << row.reason;
    EXPECT_EQ(row.verdict, row.new_plugin == "muduo" ? Verdict::slower : Verdict::same)
        << row.new_plugin << " " << row.point << " " << row.metric.name << ": " << row.reason;
  }
  EXPECT_EQ(exit_code(c), kExitRegression);
}

}  // namespace
}  // namespace rb::compare
