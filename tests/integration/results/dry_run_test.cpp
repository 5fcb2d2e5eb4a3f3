// `runner run CONFIG --dry-run`: the cells, their status and planned time, and nothing written.
#include <gtest/gtest.h>

#include "results_support.h"

namespace rbtest {
namespace {

TEST(DryRun, ListsTheCellsAndTheSkippedOnesAndWritesNothing) {
  ScratchDir dir;
  const std::string config =
      matrix_config("flower", R"("raw-epoll", "libevent2")", run_lines(4, "20s"),
                    "pipes = [20, 100000]\nactive = [5]\nwrites = [10]");
  const auto out = dir.path() / "out";
  const RunOutput r = run_runner({"run", dir.write("f.toml", config).string(), "--out",
                                  out.string(), "--dry-run", "--rounds", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4 cells, 3 round(s) of 1 warm-up + 4 measured iterations"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("pipes=100000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skipped"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("file descriptors"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 of 4 cells run (6 cell-rounds)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 cell(s) of unknown time"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(out)) << "a dry run writes no results";
}

TEST(DryRun, PlansTimedCellsFromTheCommandLineOverrides) {
  ScratchDir dir;
  const std::string config = matrix_config("pingpong", R"("raw-epoll")", run_lines(25, "20s"),
                                           "block_size = [16]\nsessions = [1, 2]\n"
                                           "duration = [\"1m\"]");
  const RunOutput r = run_runner({"run", dir.write("p.toml", config).string(), "--out",
                                  (dir.path() / "out").string(), "--dry-run", "--duration", "2s",
                                  "--repetitions", "2", "--warmup", "1", "--rounds", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 2 s x (1 warm-up + 2 measured) x 3 rounds = 18 s per cell, 36 s for the two.
  EXPECT_NE(r.out.find("18.00 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected time 36.00 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 cell(s) by the planned time"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("unknown time"), std::string::npos) << r.out;
}

// rr's estimate is what a round usually takes: each run's window and a short drain, plus the
// processes' start, not the worst case the timeout allows for (each run's window and then a
// whole request timeout of drain: 3x the real time with rr.toml's 1 s runs).
TEST(DryRun, RrCellsAreExpectedToTakeTheirRunsNotTheirTimeouts) {
  ScratchDir dir;
  const std::string config =
      matrix_config("rr", R"("raw-epoll")", run_lines(2, "20s"),
                    "connections = [1]\nload_percent = [0, 50]\nduration = [\"1s\"]");
  const RunOutput r = run_runner({"run", dir.write("r.toml", config).string(), "--out",
                                  (dir.path() / "out").string(), "--dry-run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Closed loop: (1 warm-up + 2 measured) x (1 s + 40 ms) + 250 ms of start; open loop at 50%
  // one calibration run more: 4 x 1.04 s + 0.25 s.
  EXPECT_NE(r.out.find("3.37 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4.41 s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected time 7.78 s"), std::string::npos) << r.out;
}

TEST(DryRun, AnEarlierRunOnThisHostGivesFlowerCellsTheirTime) {
  // Run from a scratch directory, so that results/ is the test's own.
  ScratchDir dir;
  const std::string config =
      matrix_config("flower", R"("raw-epoll", "libevent2")", run_lines(2, "20s"),
                    "pipes = [20, 100000]\nactive = [5]\nwrites = [10]");
  const auto toml = dir.write("f.toml", config);
  const auto in_dir = [&](const std::string& args) {
    return run_program("/bin/sh", {"-c", "cd '" + dir.path().string() + "' && exec '" +
                                             std::string(RB_RUNNER_EXE) + "' run f.toml " + args});
  };
  const RunOutput before = in_dir("--dry-run --rounds 2");
  ASSERT_EQ(before.exit_code, 0) << before.err;
  EXPECT_NE(before.out.find("2 cell(s) of unknown time"), std::string::npos) << before.out;

  const RunOutput run = in_dir("--rounds 2 --no-store");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const RunOutput after = in_dir("--dry-run --rounds 2");
  ASSERT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(after.out.find("unknown time"), std::string::npos) << after.out;
  EXPECT_NE(after.out.find("2 cell(s) as their rounds took in results/f-"), std::string::npos)
      << after.out;
  EXPECT_NE(after.out.find("expected time"), std::string::npos) << after.out;
}

TEST(DryRun, AConfigSilentOnRoundsGetsAPairedDesignAndSaysWhy) {
  ScratchDir dir;
  const std::string config =
      matrix_config("flower", R"("raw-epoll", "raw-epoll-slow")", "timeout = \"20s\"",
                    kTinyFlowerPoint, "[variants.raw-epoll-slow]\nplugin = \"raw-epoll\"");
  const RunOutput r = run_runner({"run", dir.write("v.toml", config).string(), "--out",
                                  (dir.path() / "out").string(), "--dry-run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 cells, 6 round(s) of 1 warm-up + 4 measured iterations"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nrounds: 6 (default: a paired verdict needs >= 6 pairs"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(12 cell-rounds)"), std::string::npos) << r.out;
}

TEST(DryRun, ADurationForAWorkloadWithoutOneIsAUsageError) {
  ScratchDir dir;
  const RunOutput r = run_runner({"run", dir.write("t.toml", tiny_config()).string(), "--out",
                                  (dir.path() / "out").string(), "--duration", "2s"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--duration:1:1: workload 'flower' has no 'duration' axis"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace rbtest
