// What a cell's round is expected to take before a run measures it (exec/round_time_priors.h):
// the newest earlier run of the same config on this host, by its results directory's
// summary.json, else the workload's planned time; another host's times are never used.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../../support/scratch_dir.h"
#include "config/test_plan.h"
#include "exec/matrix_runner.h"
#include "exec/round_time_priors.h"
#include "report/summary_json.h"

namespace rb::exec {
namespace {

config::TestPlan priors_plan(const std::string& text) {
  return config::parse_plan(text, "f.toml", nullptr, {});
}

const char* const kTwoPointFlower = R"(workload = "flower"
plugins = ["libevent2", "raw-epoll"]
[matrix]
pipes = [100, 1000]
active = [10]
writes = [100]
)";

// A results directory as `runner run` leaves it: every cell ok, its rounds' wall times.
void write_earlier_run(const std::filesystem::path& dir, const std::string& host,
                       const std::vector<CellResult>& cells, double base_s) {
  std::filesystem::create_directories(dir);
  RunResult run;
  run.workload = "flower";
  run.context.host = host;
  run.context.started_at = "2026-12-01T10:00:00Z";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    CellResult cell = cells[i];
    for (int r = 0; r < 3; ++r) {
      RoundInterference round;
      round.round = r;
      // Rounds of base, 2 x base and 10 x base (one outlier): the median is 2 x base.
      round.wall_s = base_s * static_cast<double>(i + 1) * (r == 0 ? 1 : r == 1 ? 2 : 10);
      cell.interference.push_back(round);
    }
    run.cells.push_back(cell);
  }
  report::write_summary_json(run, dir / "summary.json");
}

TEST(RoundTimePriors, TheNewestEarlierRunOnThisHostGivesEachCellItsMedianRound) {
  rbtest::ScratchDir results;
  const auto plan = priors_plan(kTwoPointFlower);
  const auto cells = triage_cells(plan, MatrixOptions{});
  write_earlier_run(results.path() / "f-20261201-100000", "here", cells, 0.1);
  write_earlier_run(results.path() / "f-20261202-100000", "here", cells, 0.2);
  write_earlier_run(results.path() / "f-20261203-100000", "elsewhere", cells, 5.0);
  write_earlier_run(results.path() / "g-20261204-100000", "here", cells, 7.0);
  // Another config whose name starts like this one's: not its runs.
  write_earlier_run(results.path() / "f-quick-20261205-100000", "here", cells, 9.0);

  const auto earlier = earlier_round_times(results.path(), "f", "here");
  ASSERT_TRUE(earlier.has_value());
  EXPECT_EQ(earlier->dir.filename(), "f-20261202-100000");
  EXPECT_EQ(earlier->started_at, "2026-12-01T10:00:00Z");

  const RoundTimePriors priors = round_time_priors(plan, cells, &*earlier);
  ASSERT_EQ(priors.seconds.size(), cells.size());
  EXPECT_EQ(priors.from_earlier, cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    ASSERT_TRUE(priors.seconds[i].has_value()) << i;
    EXPECT_NEAR(*priors.seconds[i], 0.4 * static_cast<double>(i + 1), 1e-9) << i;
  }
}

TEST(RoundTimePriors, TheSameSecondsLaterRunIsTheNewer) {
  rbtest::ScratchDir results;
  const auto cells = triage_cells(priors_plan(kTwoPointFlower), MatrixOptions{});
  write_earlier_run(results.path() / "f-20261201-100000-9", "here", cells, 0.1);
  write_earlier_run(results.path() / "f-20261201-100000-10", "here", cells, 0.2);
  write_earlier_run(results.path() / "f-20261201-100000", "here", cells, 0.3);
  const auto earlier = earlier_round_times(results.path(), "f", "here");
  ASSERT_TRUE(earlier.has_value());
  EXPECT_EQ(earlier->dir.filename(), "f-20261201-100000-10");
}

TEST(RoundTimePriors, ThisRunsOwnDirectoryAndOtherHostsAreNoEstimate) {
  rbtest::ScratchDir results;
  const auto cells = triage_cells(priors_plan(kTwoPointFlower), MatrixOptions{});
  write_earlier_run(results.path() / "f-20261203-100000", "elsewhere", cells, 5.0);
  write_earlier_run(results.path() / "f-20261204-100000", "here", cells, 1.0);
  EXPECT_FALSE(
      earlier_round_times(results.path(), "f", "here", results.path() / "f-20261204-100000")
          .has_value());
  EXPECT_FALSE(earlier_round_times(results.path() / "missing", "f", "here").has_value());
}

TEST(RoundTimePriors, ADamagedSummaryIsSkippedForAnOlderGoodOne) {
  rbtest::ScratchDir results;
  const auto cells = triage_cells(priors_plan(kTwoPointFlower), MatrixOptions{});
  write_earlier_run(results.path() / "f-20261201-100000", "here", cells, 0.1);
  std::filesystem::create_directories(results.path() / "f-20261202-100000");
  results.write("f-20261202-100000/summary.json", "{ not json");
  const auto earlier = earlier_round_times(results.path(), "f", "here");
  ASSERT_TRUE(earlier.has_value());
  EXPECT_EQ(earlier->dir.filename(), "f-20261201-100000");
}

TEST(RoundTimePriors, ACellThatWillNotRunHasNone) {
  // 100,000 pipes need more descriptors than the hard limit: skipped, never timed.
  const auto plan = priors_plan(R"(workload = "flower"
plugins = ["raw-epoll"]
[matrix]
pipes = [100, 100000]
active = [10]
writes = [100]
)");
  const auto cells = triage_cells(plan, MatrixOptions{});
  ASSERT_EQ(cells.size(), 2U);
  ASSERT_EQ(cells[1].status, CellStatus::skipped) << cells[1].reason;
  EarlierRoundTimes earlier;
  for (const auto& cell : cells) earlier.median_s[round_time_key(cell.cell)] = 0.5;
  const auto priors = round_time_priors(plan, cells, &earlier);
  EXPECT_TRUE(priors.seconds[0].has_value());
  EXPECT_FALSE(priors.seconds[1].has_value());
  EXPECT_EQ(priors.from_earlier, 1U);
}

TEST(RoundTimePriors, WithoutAnEarlierRunTimedWorkloadsTakeTheirPlannedTime) {
  const auto pingpong = priors_plan(R"(workload = "pingpong"
plugins = ["raw-epoll"]
[run]
warmup = 1
repetitions = 2
[matrix]
block_size = [16]
sessions = [1]
duration = ["2s"]
)");
  const auto timed = round_time_priors(pingpong, triage_cells(pingpong, MatrixOptions{}), nullptr);
  ASSERT_EQ(timed.seconds.size(), 1U);
  ASSERT_TRUE(timed.seconds[0].has_value());
  EXPECT_DOUBLE_EQ(*timed.seconds[0], 6.0);  // 2 s x (1 warm-up + 2 measured)
  EXPECT_EQ(timed.from_plan, 1U);

  const auto flower = priors_plan(kTwoPointFlower);
  const auto untimed = round_time_priors(flower, triage_cells(flower, MatrixOptions{}), nullptr);
  for (const auto& s : untimed.seconds) EXPECT_FALSE(s.has_value());
  EXPECT_EQ(untimed.from_earlier + untimed.from_plan, 0U);
}

}  // namespace
}  // namespace rb::exec
