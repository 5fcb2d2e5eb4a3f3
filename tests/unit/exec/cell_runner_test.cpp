// The cell loop (exec/cell_runner.h) on a fake executor (fake_executor.h): no process is
// spawned, so the order of the cells, retries, skips, timeouts, interrupts and the progress
// are checked by their counts and contents.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <atomic>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../support/scratch_dir.h"
#include "config/test_plan.h"
#include "exec/cell_runner.h"
#include "exec/matrix_runner.h"
#include "exec/round_order.h"
#include "fake_executor.h"
#include "report/samples_writer.h"

namespace rb::exec {
namespace {

using rbtest::FakeExecutor;

constexpr int kWarmup = 1;
constexpr int kRepetitions = 2;
constexpr std::uint64_t kSeed = 7;

// Two points (pipes 10, 20) of three plugins: cells 0-2 and 3-5.
std::string flower_config(const std::string& run_extra, const std::string& pipes = "[10, 20]",
                          const std::string& plugins = R"("libevent2", "raw-epoll", "libev")") {
  return fmt::format(R"(workload = "flower"
plugins = [{}]

[run]
warmup = {}
repetitions = {}
{}

[matrix]
pipes = {}
active = [5]
writes = [10]
)",
                     plugins, kWarmup, kRepetitions, run_extra, pipes);
}

// One run of the loop on the fake, and everything it told.
struct LoopRun {
  RunResult result;
  std::vector<ProgressUpdate> progress;
  std::vector<CellResult> finished;  // as MatrixOptions::cell_finished saw them, in order
  std::vector<nlohmann::json> samples_file;
};

class CellRunnerTest : public ::testing::Test {
 protected:
  CellRunnerTest() : fake_(kWarmup, kRepetitions) {}

  LoopRun run_loop(const std::string& config) {
    const config::TestPlan plan = config::parse_plan(config, "f.toml", nullptr, {});
    MatrixOptions options;
    options.results_dir = dir_.path();
    options.order_seed = kSeed;
    options.interrupted = &interrupted_;
    LoopRun out;
    options.progress = [&](const ProgressUpdate& u) { out.progress.push_back(u); };
    options.cell_finished = [&](const CellResult& c) { out.finished.push_back(c); };
    const auto samples_path = dir_.path() / "samples.jsonl";
    {
      report::SamplesWriter samples(samples_path);
      RunResult run;
      run.workload = plan.workload;
      run.cells = triage_cells(plan, options);
      out.result = CellRunner(plan, options, samples, fake_, std::move(run)).run();
    }
    std::ifstream lines(samples_path);
    for (std::string line; std::getline(lines, line);)
      out.samples_file.push_back(nlohmann::json::parse(line));
    return out;
  }

  // The samples.jsonl lines about `cell` that satisfy `what`.
  static std::size_t lines_of(const LoopRun& run, std::size_t cell,
                              const std::function<bool(const nlohmann::json&)>& what) {
    std::size_t n = 0;
    for (const auto& line : run.samples_file)
      if (line.value("cell", -1) == static_cast<int>(cell) && what(line)) ++n;
    return n;
  }
  static bool is_sample(const nlohmann::json& line) { return !line.contains("event"); }

  std::size_t calls_for(std::size_t cell) const {
    std::size_t n = 0;
    for (const auto& call : fake_.calls())
      for (const std::size_t c : call.cells) n += c == cell ? 1 : 0;
    return n;
  }

  rbtest::ScratchDir dir_;
  std::atomic<bool> interrupted_{false};
  FakeExecutor fake_;
};

TEST_F(CellRunnerTest, EachRoundRunsEveryCellOnceInTheRoundsSeededOrder) {
  const LoopRun run = run_loop(flower_config("rounds = 3"));
  std::vector<std::size_t> expected;
  for (int round = 0; round < 3; ++round)
    for (const std::size_t cell : round_order(6, 3, kSeed, round)) expected.push_back(cell);
  std::vector<std::size_t> called;
  for (const auto& call : fake_.calls()) {
    EXPECT_EQ(call.how, "alone");
    EXPECT_EQ(call.attempt, 0);
    EXPECT_EQ(call.round, static_cast<int>(called.size() / 6));
    called.push_back(call.cells.at(0));
  }
  EXPECT_EQ(called, expected);
  for (const CellResult& cell : run.result.cells) {
    EXPECT_EQ(cell.status, CellStatus::ok) << cell.reason;
    EXPECT_EQ(cell.samples.size(), 3u * kRepetitions);
    EXPECT_EQ(cell.interference.size(), 3u);
    EXPECT_EQ(lines_of(run, cell.cell.index, is_sample), 3u * kRepetitions);
  }
  EXPECT_EQ(run.finished.size(), 6u);
}

TEST_F(CellRunnerTest, ADisturbedAttemptIsRetriedAndOnlyTheLastAttemptIsKept) {
  fake_.script(1, 0, 0, {.disturbed = true});
  const LoopRun run =
      run_loop(flower_config("rounds = 2\non_disturbance = \"retry\"\nmax_retries = 2"));
  EXPECT_EQ(fake_.calls().size(), 13u);  // 6 cells x 2 rounds, and one retry
  EXPECT_EQ(calls_for(1), 3u);
  const CellResult& cell = run.result.cells[1];
  EXPECT_EQ(cell.status, CellStatus::ok);
  ASSERT_EQ(cell.interference.size(), 2u);
  EXPECT_EQ(cell.interference[0].attempt, 1);
  EXPECT_FALSE(cell.disturbed);
  EXPECT_EQ(cell.samples.size(), 2u * kRepetitions);  // the disturbed attempt's are dropped
  // samples.jsonl keeps both attempts, tagged, for the readers to take the latest.
  const auto interference_of_attempt = [](int attempt) {
    return [attempt](const nlohmann::json& line) {
      return line.value("event", "") == "interference" && line.value("round", -1) == 0 &&
             line.value("attempt", 0) == attempt;
    };
  };
  EXPECT_EQ(lines_of(run, 1, interference_of_attempt(0)), 1u);
  EXPECT_EQ(lines_of(run, 1, interference_of_attempt(1)), 1u);
  EXPECT_EQ(lines_of(run, 1, [](const auto& l) { return is_sample(l) && l.contains("attempt"); }),
            static_cast<std::size_t>(kRepetitions));
}

TEST_F(CellRunnerTest, WithoutRetryADisturbedRoundIsKeptAndFlaggedWithItsReason) {
  fake_.script(4, 1, 0, {.disturbed = true});
  const LoopRun run = run_loop(flower_config("rounds = 2"));
  EXPECT_EQ(fake_.calls().size(), 12u);
  const CellResult& cell = run.result.cells[4];
  EXPECT_EQ(cell.status, CellStatus::ok);
  EXPECT_TRUE(cell.disturbed);
  EXPECT_EQ(cell.disturbance, "round 2: 50% of cpu 0 busy with other work (threshold 5%)");
}

TEST_F(CellRunnerTest, ALockstepMemberThatCrashedRunsItsRoundAgainAloneAsTheNextAttempt) {
  fake_.script(2, 0, 0, {.status = CellStatus::crashed, .reason = "killed by signal 11"},
               "lockstep");
  const LoopRun run = run_loop(flower_config("rounds = 1\npairing = \"iterations\"", "[10]"));
  ASSERT_EQ(fake_.calls().size(), 2u);
  EXPECT_EQ(fake_.calls()[0].how, "lockstep");
  EXPECT_EQ(fake_.calls()[0].cells.size(), 3u);
  EXPECT_EQ(fake_.calls()[1].how, "alone");
  EXPECT_EQ(fake_.calls()[1].cells, std::vector<std::size_t>{2});
  const CellResult& again = run.result.cells[2];
  EXPECT_EQ(again.status, CellStatus::ok) << again.reason;
  EXPECT_EQ(again.rounds_in_lockstep, 0);
  EXPECT_EQ(again.samples.size(), static_cast<std::size_t>(kRepetitions));
  EXPECT_EQ(run.result.cells[0].rounds_in_lockstep, 1);
  // Its samples from the run alone come after the lockstep attempt's: attempt 1.
  EXPECT_EQ(
      lines_of(run, 2, [](const auto& l) { return is_sample(l) && l.value("attempt", 0) == 1; }),
      static_cast<std::size_t>(kRepetitions));
}

TEST_F(CellRunnerTest, ADuetRunsAPointsCellsTogetherEveryRound) {
  const LoopRun run = run_loop(flower_config("rounds = 2\npairing = \"duet\"\ncpus = [0, 1]",
                                             "[10, 20]", R"("libevent2", "raw-epoll")"));
  ASSERT_EQ(fake_.calls().size(), 4u);  // 2 points x 2 rounds
  for (const auto& call : fake_.calls()) {
    EXPECT_EQ(call.how, "duet");
    EXPECT_EQ(call.cells.size(), 2u);
    EXPECT_EQ(call.cells[0] / 2, call.cells[1] / 2);  // the same point
  }
  for (const CellResult& cell : run.result.cells) {
    EXPECT_EQ(cell.rounds_in_duet, 2);
    EXPECT_EQ(cell.samples.size(), 2u * kRepetitions);
    EXPECT_EQ(lines_of(run, cell.cell.index, is_sample), 2u * kRepetitions);
  }
}

TEST_F(CellRunnerTest, ASkippedCellIsFinalUpFrontWithItsReasonAndNeverRuns) {
  const LoopRun run = run_loop(flower_config("rounds = 2", "[2, 10]"));  // active 5 > pipes 2
  const std::string why = "active (5) > pipes (2): cannot prime more pipes than exist";
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(run.result.cells[i].status, CellStatus::skipped);
    EXPECT_EQ(run.result.cells[i].reason, why);
    EXPECT_EQ(calls_for(i), 0u);
    EXPECT_EQ(run.finished[i].cell.index, i);  // reported before any cell ran
    EXPECT_EQ(run.finished[i].reason, why);
  }
  for (std::size_t i = 3; i < 6; ++i) {
    EXPECT_EQ(run.result.cells[i].status, CellStatus::ok);
    EXPECT_EQ(calls_for(i), 2u);
  }
  EXPECT_EQ(run.progress.front().total, 6u);  // the skipped cells' rounds are not counted
}

TEST_F(CellRunnerTest, ATimeoutIsTheCellsFailureAndTheOtherCellsGoOn) {
  fake_.script(0, 0, 0,
               {.status = CellStatus::timeout, .reason = "no result within the timeout of 100 ms"});
  const LoopRun run = run_loop(flower_config("rounds = 2"));
  const CellResult& cell = run.result.cells[0];
  EXPECT_EQ(cell.status, CellStatus::timeout);
  EXPECT_EQ(cell.reason, "round 1: no result within the timeout of 100 ms");
  EXPECT_EQ(calls_for(0), 1u);  // no second round
  for (std::size_t i = 1; i < 6; ++i) {
    EXPECT_EQ(run.result.cells[i].status, CellStatus::ok);
    EXPECT_EQ(calls_for(i), 2u);
  }
  EXPECT_EQ(lines_of(run, 0,
                     [](const auto& l) {
                       return l.value("event", "") == "timeout" &&
                              l.value("reason", "") ==
                                  "round 1: no result within the timeout of 100 ms";
                     }),
            1u);
  EXPECT_EQ(run.progress.back().done, 11u);
  EXPECT_EQ(run.progress.back().total, 11u);
}

TEST_F(CellRunnerTest, AnInterruptStopsAfterTheCurrentCellAndKeepsWhatWasMeasured) {
  fake_.on_call = [&](const FakeExecutor::Call&) {
    if (fake_.calls().size() == 2) interrupted_ = true;
  };
  const LoopRun run = run_loop(flower_config("rounds = 2"));
  ASSERT_EQ(fake_.calls().size(), 2u);
  std::size_t measured = 0;
  for (const CellResult& cell : run.result.cells) {
    EXPECT_EQ(cell.status, CellStatus::interrupted);
    if (calls_for(cell.cell.index) == 1) {
      ++measured;
      EXPECT_EQ(cell.reason, "interrupted before all rounds finished");
      EXPECT_EQ(cell.samples.size(), static_cast<std::size_t>(kRepetitions));
      EXPECT_EQ(lines_of(run, cell.cell.index, is_sample), static_cast<std::size_t>(kRepetitions));
    } else {
      EXPECT_EQ(cell.reason, "interrupted before it started");
      EXPECT_TRUE(cell.samples.empty());
    }
  }
  EXPECT_EQ(measured, 2u);
  EXPECT_EQ(run.finished.size(), 6u);
  for (const auto& update : run.progress)
    EXPECT_NE(update.kind, ProgressUpdate::Kind::pass_finished);
}

std::string describe(const ProgressUpdate& u) {
  static const char* const kinds[] = {"started", "iteration", "finished", "pass"};
  return fmt::format("{} {}/{} [{}] round {}/{} iteration {}/{}", kinds[static_cast<int>(u.kind)],
                     u.done, u.total, u.label, u.round, u.rounds, u.iteration, u.iterations);
}

TEST_F(CellRunnerTest, ProgressIsToldInOrderWithTheCountsOfEachCellRound) {
  const std::string config = flower_config("rounds = 2", "[10]", R"("libevent2", "raw-epoll")");
  const LoopRun run = run_loop(config);
  const std::vector<CellSpec> cells = config::parse_plan(config, "f.toml", nullptr, {}).cells();
  std::vector<std::string> expected;
  std::size_t done = 0;
  for (int round = 1; round <= 2; ++round) {
    for (const std::size_t i : round_order(2, 2, kSeed, round - 1)) {
      const std::string label =
          fmt::format("flower {} {}", cells[i].plugin, cells[i].params_label());
      expected.push_back(
          fmt::format("started {}/4 [{}] round {}/2 iteration 0/3", done, label, round));
      for (int it = 1; it <= 3; ++it)
        expected.push_back(
            fmt::format("iteration {}/4 [{}] round {}/2 iteration {}/3", done, label, round, it));
      ++done;
      expected.push_back(
          fmt::format("finished {}/4 [{}] round {}/2 iteration 3/3", done, label, round));
    }
    expected.push_back(fmt::format("pass {}/4 [] round {}/2 iteration 0/3", done, round));
  }
  std::vector<std::string> told;
  for (const auto& update : run.progress) told.push_back(describe(update));
  EXPECT_EQ(told, expected);
  EXPECT_EQ(cells[0].params_label(), "pipes=10 active=5 writes=10 transport=socketpair");
}

}  // namespace
}  // namespace rb::exec
