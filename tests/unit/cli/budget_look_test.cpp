// The runner's look at its own comparisons under [run] budget (issue 30, part 4): decided
// points run no more; an undecided point's two sides are a group, the widest interval first.
#include <gtest/gtest.h>

#include <algorithm>

#include "../compare/synthetic_runs.h"
#include "cli/budget_look.h"
#include "config/test_plan.h"

namespace rb::cli {
namespace {

config::TestPlan two_plugin_plan() {
  return config::parse_plan(R"(workload = "flower"
plugins = ["libevent2", "muduo"]
[run]
budget = "10m"
[matrix]
pipes = [100, 1000]
active = [100]
writes = [100]
)",
                            "t.toml", nullptr, {});
}

std::size_t position(const RunResult& run, const std::string& plugin, std::int64_t pipes) {
  for (std::size_t i = 0; i < run.cells.size(); ++i)
    if (run.cells[i].cell.plugin == plugin && run.cells[i].cell.get_int("pipes") == pipes) return i;
  throw std::runtime_error("no such cell");
}

// muduo 50% slower at 100 pipes in every round (decided); at 1000 pipes 30% slower in some
// rounds and 20% faster in others (undecided), by `swing_1000`.
RunResult run_with(double swing_1000) {
  testing::SyntheticOptions options;
  options.plugins = {"libevent2", "muduo"};
  RunResult run = testing::synthetic_flower_run(options);
  for (auto& cell : run.cells) {
    if (cell.cell.plugin != "muduo") continue;
    const bool small = cell.cell.get_int("pipes") == 100;
    for (auto& sample : cell.samples)
      for (auto& [name, value] : sample.metrics)
        value *= small ? 1.5 : (sample.round % 2 == 0 ? 1 + swing_1000 : 1 - swing_1000 / 1.5);
  }
  return run;
}

TEST(BudgetLook, ADecidedPointRunsNoMoreAndAnUndecidedOneIsAGroup) {
  const RunResult run = run_with(0.3);
  const auto look = look_at_comparisons(two_plugin_plan(), run.context, run.cells);
  EXPECT_EQ(look.compared.size(), 4u);
  ASSERT_EQ(look.undecided.size(), 1u);
  std::vector<std::size_t> group = look.undecided[0];
  std::sort(group.begin(), group.end());
  std::vector<std::size_t> expected = {position(run, "libevent2", 1000),
                                       position(run, "muduo", 1000)};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(group, expected);
}

TEST(BudgetLook, TheWidestIntervalComesFirst) {
  RunResult run = run_with(0.3);
  // Now 100 pipes swings too, but less than 1000 pipes does.
  for (auto& cell : run.cells)
    if (cell.cell.plugin == "muduo" && cell.cell.get_int("pipes") == 100)
      for (auto& sample : cell.samples)
        for (auto& [name, value] : sample.metrics)
          value *= (sample.round % 2 == 0 ? 1.1 : 0.85) / 1.5;
  const auto look = look_at_comparisons(two_plugin_plan(), run.context, run.cells);
  ASSERT_EQ(look.undecided.size(), 2u);
  EXPECT_NE(
      std::find(look.undecided[0].begin(), look.undecided[0].end(), position(run, "muduo", 1000)),
      look.undecided[0].end());
  EXPECT_NE(
      std::find(look.undecided[1].begin(), look.undecided[1].end(), position(run, "muduo", 100)),
      look.undecided[1].end());
}

}  // namespace
}  // namespace rb::cli
