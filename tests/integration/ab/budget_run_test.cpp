// [run] budget (issue 30, part 4): after the planned rounds, the run's undecided comparisons
// get batches of paired rounds, at most four looks, no round past the budget. The looks are
// injected here (exec::MatrixOptions::look), so which cells run on is known exactly; the
// runner's own look (cli/budget_look.h) is checked through `runner run` at the end.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <chrono>
#include <set>

#include "config/test_plan.h"
#include "exec/matrix_runner.h"
#include "report/samples_writer.h"
#include "run_helpers.h"

namespace {

using rbtest::cell_of;
using rbtest::read_json;
using rbtest::run_runner;
using rbtest::ScratchDir;

constexpr int kPlannedRounds = 2;

// Two points of raw-epoll, raw-epoll@aa and raw-epoll@other: cells 0-2 at 10 pipes, 3-5 at 20.
std::string budget_config(const std::string& budget) {
  return fmt::format(R"(workload = "flower"
plugins = ["raw-epoll", "raw-epoll@aa", "raw-epoll@other"]

[run]
repetitions = 3
warmup = 1
rounds = {}
timeout = "20s"
budget = "{}"

[matrix]
pipes = [10, 20]
active = [2]
writes = [10]

[variants."raw-epoll@aa"]
plugin = "raw-epoll"

[variants."raw-epoll@other"]
plugin = "raw-epoll"
)",
                     kPlannedRounds, budget);
}

struct BudgetRun {
  rb::RunResult run;
  int looks = 0;
};

// Runs the plan with `look` judging it; `look` is told which look it is (1-based).
BudgetRun run_with_looks(
    const ScratchDir& dir, const std::string& budget,
    const std::function<rb::exec::BudgetLook(int look, const std::vector<rb::CellResult>&)>& look) {
  const auto config = dir.write("budget.toml", budget_config(budget));
  const rb::config::TestPlan plan = rb::config::load_plan(config, nullptr, {});
  rb::exec::MatrixOptions options;
  options.runner_exe = RB_RUNNER_EXE;
  options.results_dir = dir.path() / "out";
  std::filesystem::create_directories(options.results_dir);
  options.plugin_paths["raw-epoll"] = RB_RAW_EPOLL_SO;
  BudgetRun out;
  options.look = [&](const std::vector<rb::CellResult>& cells) { return look(++out.looks, cells); };
  rb::report::SamplesWriter samples(options.results_dir / "samples.jsonl");
  out.run = rb::exec::run_matrix(plan, options, samples);
  return out;
}

std::size_t rounds_of(const rb::CellResult& cell) {
  return cell.rusage_per_round.size();
}

TEST(BudgetRun, AnUndecidedComparisonGetsABatchOfPairedRoundsPerLookUntilDecided) {
  ScratchDir dir;
  // raw-epoll against raw-epoll@aa at 10 pipes stays undecided for two looks; everything
  // else compared is decided at the first.
  const BudgetRun result = run_with_looks(dir, "10m", [](int look, const auto&) {
    rb::exec::BudgetLook judged;
    judged.compared = {0, 1, 2, 3, 4, 5};
    if (look <= 2) judged.undecided = {{0, 1}};
    return judged;
  });
  EXPECT_EQ(result.looks, 3);
  const auto& cells = result.run.cells;
  for (std::size_t i : {0, 1}) {
    EXPECT_EQ(cells[i].status, rb::CellStatus::ok) << cells[i].reason;
    EXPECT_EQ(rounds_of(cells[i]), 3u * kPlannedRounds) << i;
    EXPECT_EQ(cells[i].rounds_stop, "decided at look 3");
    // The extra rounds ran the pair in one process, as the planned ones did.
    EXPECT_EQ(cells[i].rounds_in_lockstep, 3 * kPlannedRounds);
    std::set<int> rounds;
    for (const auto& sample : cells[i].samples) rounds.insert(sample.round);
    EXPECT_EQ(rounds, (std::set<int>{0, 1, 2, 3, 4, 5}));
  }
  for (std::size_t i : {2, 3, 4, 5}) {
    EXPECT_EQ(rounds_of(cells[i]), static_cast<std::size_t>(kPlannedRounds)) << i;
    EXPECT_EQ(cells[i].rounds_stop, "decided at look 1") << i;
  }
}

TEST(BudgetRun, ACellNoComparisonJudgedHasNoStopReason) {
  ScratchDir dir;
  const BudgetRun result = run_with_looks(dir, "10m", [](int, const auto&) {
    rb::exec::BudgetLook judged;
    judged.compared = {0, 1};
    return judged;
  });
  EXPECT_EQ(result.looks, 1);
  EXPECT_EQ(result.run.cells[0].rounds_stop, "decided at look 1");
  EXPECT_EQ(result.run.cells[2].rounds_stop, "");
  EXPECT_EQ(rounds_of(result.run.cells[2]), static_cast<std::size_t>(kPlannedRounds));
}

TEST(BudgetRun, NeverMoreThanFourLooks) {
  ScratchDir dir;
  const BudgetRun result = run_with_looks(dir, "10m", [](int, const auto&) {
    rb::exec::BudgetLook judged;
    judged.compared = {3, 5};
    judged.undecided = {{3, 5}};
    return judged;
  });
  EXPECT_EQ(result.looks, 4);
  for (std::size_t i : {3, 5}) {
    EXPECT_EQ(rounds_of(result.run.cells[i]), 4u * kPlannedRounds) << i;
    EXPECT_EQ(result.run.cells[i].rounds_stop, "undecided after 4 looks") << i;
  }
  EXPECT_EQ(rounds_of(result.run.cells[4]), static_cast<std::size_t>(kPlannedRounds));
}

TEST(BudgetRun, NoRoundStartsThatTheBudgetCannotCover) {
  ScratchDir dir;
  // 1 ms covers no round: the first look's undecided groups stop where they are, the most
  // uncertain (listed first) and the rest alike.
  const BudgetRun result = run_with_looks(dir, "1ms", [](int, const auto&) {
    rb::exec::BudgetLook judged;
    judged.compared = {0, 1, 3, 4};
    judged.undecided = {{3, 4}, {0, 1}};
    return judged;
  });
  EXPECT_EQ(result.looks, 1);
  for (std::size_t i : {0, 1, 3, 4}) {
    EXPECT_EQ(rounds_of(result.run.cells[i]), static_cast<std::size_t>(kPlannedRounds)) << i;
    EXPECT_EQ(result.run.cells[i].rounds_stop, "budget spent after look 1") << i;
  }
}

// The runner's own look: every comparison of the run (each variant against raw-epoll) is
// judged, its cells say why their rounds stopped, each stop consistent with the rounds taken,
// and compare judges the run at the sequential design's level.
TEST(BudgetRun, TheRunnerJudgesItsComparisonsAndCompareUsesTheSequentialLevel) {
  ScratchDir dir;
  const auto config = dir.write("budget.toml", budget_config("2m"));
  const auto out = dir.path() / "out";
  const auto result = run_runner({"run", config.string(), "--out", out.string(), "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(rbtest::contains(result.err, "(+ up to 120 s more for undecided comparisons"))
      << result.err;
  const auto summary = read_json(out / "summary.json");
  const auto& design = summary.at("context").at("sequential");
  EXPECT_EQ(design.at("max_looks"), 4);
  EXPECT_EQ(design.at("batch_rounds"), kPlannedRounds);
  EXPECT_DOUBLE_EQ(design.at("nominal_alpha").get<double>(), 0.0182);
  for (int pipes : {10, 20})
    for (const char* plugin : {"raw-epoll", "raw-epoll@aa", "raw-epoll@other"}) {
      const auto& cell = cell_of(summary, plugin, pipes);
      const std::string stop = cell.at("rounds_stop");
      const auto rounds = cell.at("rusage_per_round").size();
      int look = 0;
      if (std::sscanf(stop.c_str(), "decided at look %d", &look) == 1 ||
          std::sscanf(stop.c_str(), "undecided after %d looks", &look) == 1) {
        // A base cell runs on for its other comparison: at least its own look's rounds.
        EXPECT_GE(rounds, static_cast<std::size_t>(look * kPlannedRounds)) << plugin << stop;
        EXPECT_EQ(rounds % kPlannedRounds, 0u) << plugin;
      } else {
        ADD_FAILURE() << plugin << " " << pipes << ": unexpected stop '" << stop << "'";
      }
    }
  const auto md = rbtest::read_lines(out / "summary.md");
  EXPECT_NE(std::find(md.begin(), md.end(), "## Rounds where the doubt is"), md.end());

  const auto compared = run_runner(
      {"compare", "--plugins", "raw-epoll,raw-epoll@aa", out.string(), "--format", "json"});
  ASSERT_NE(compared.exit_code, 2) << compared.err;
  const auto json = nlohmann::json::parse(compared.out);
  EXPECT_DOUBLE_EQ(json.at("alpha").get<double>(), 0.0182);
  EXPECT_DOUBLE_EQ(json.at("ci_level").get<double>(), 1 - 0.0182);
  ASSERT_EQ(json.at("design_notes").size(), 1u);
}

}  // namespace
