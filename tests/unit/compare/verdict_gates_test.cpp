// The reasons compare gives no verdict: too few rounds, a disturbed cell, canaries that
// disagree, a quantity at the clock's resolution.
#include <gtest/gtest.h>

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
