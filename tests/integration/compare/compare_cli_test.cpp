// `runner compare` on synthetic results directories: the verdicts and exit codes the README
// promises (0 no regression, 1 slower, 2 error, 3 only inconclusive), in every format.
#include <gtest/gtest.h>

#include "run_helpers.h"
#include "synthetic_runs.h"

namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;
using rb::testing::write_results_dir;
using rbtest::run_runner;
using rbtest::ScratchDir;

std::string results(const ScratchDir& dir, const std::string& name, double scale,
                    std::size_t samples = 24, std::uint64_t seed = 1) {
  SyntheticOptions o;
  o.scale = scale;
  o.samples = samples;
  o.seed = seed;
  const auto path = dir.path() / name;
  write_results_dir(synthetic_flower_run(o), path);
  return path.string();
}

using rbtest::contains;

TEST(CompareCli, TwentyPercentSlowdownIsSlowerAndExitsOne) {
  ScratchDir dir;
  const auto r =
      run_runner({"compare", results(dir, "base", 1.0), results(dir, "new", 1.2, 24, 2)});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "slower"));
  EXPECT_TRUE(contains(r.out, "verdict: 8 slower -> exit 1 (regression)")) << r.out;
}

TEST(CompareCli, IdenticalRunsAreSameAndExitZero) {
  ScratchDir dir;
  const std::string base = results(dir, "base", 1.0);
  const auto r = run_runner({"compare", base, base});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "verdict: 8 same -> exit 0 (no regression)")) << r.out;
}

TEST(CompareCli, ThreeSamplesAreInconclusiveAndExitThree) {
  ScratchDir dir;
  const auto r =
      run_runner({"compare", results(dir, "base", 1.0, 3), results(dir, "new", 1.2, 3, 2)});
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "too few samples (3 and 3; a verdict needs 5)")) << r.out;
}

// Every matched cell skipped: no verdict was needed, so not 3 but 0, with a note on stderr
// (stdout stays the format's).
TEST(CompareCli, NothingNeedingAVerdictExitsZeroWithANote) {
  ScratchDir dir;
  SyntheticOptions o;
  rb::RunResult run = synthetic_flower_run(o);
  for (auto& cell : run.cells) {
    cell.status = rb::CellStatus::skipped;
    cell.reason = "needs more file descriptors";
  }
  write_results_dir(run, dir.path() / "base");
  write_results_dir(run, dir.path() / "new");
  const auto r =
      run_runner({"compare", (dir.path() / "base").string(), (dir.path() / "new").string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "no cell needed a verdict")) << r.err;
  EXPECT_TRUE(contains(r.out, "nothing compared -> exit 0 (no verdict needed)")) << r.out;
}

TEST(CompareCli, ThresholdWidensTheNoiseBand) {
  ScratchDir dir;
  const auto r = run_runner({"compare", results(dir, "base", 1.0), results(dir, "new", 1.2, 24, 2),
                             "--threshold", "30%"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "threshold ±30%"));
}

TEST(CompareCli, FormatsJsonCsvAndMarkdown) {
  ScratchDir dir;
  const std::string base = results(dir, "base", 1.0);
  const std::string next = results(dir, "new", 1.2, 24, 2);
  const auto json = run_runner({"compare", base, next, "--format", "json"});
  EXPECT_EQ(json.exit_code, 1);
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j.at("exit_code"), 1);
  EXPECT_EQ(j.at("cells").size(), 8u);
  const auto csv = run_runner({"compare", base, next, "--format", "csv"});
  EXPECT_EQ(csv.out.rfind("kind,plugin,", 0), 0u);
  const auto md = run_runner({"compare", base, next, "--format", "md"});
  EXPECT_TRUE(contains(md.out, "| plugin | point |"));
}

TEST(CompareCli, PluginsWithinOneRun) {
  ScratchDir dir;
  const auto r = run_runner({"compare", "--plugins", "libevent2,muduo", results(dir, "run", 1.0),
                             "--metric", "setup_us"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "libevent2 -> muduo"));
}

TEST(CompareCli, ErrorsExitTwo) {
  ScratchDir dir;
  const std::string base = results(dir, "base", 1.0);
  auto r = run_runner({"compare", base, (dir.path() / "nothing-here").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "nothing-here")) << r.err;
  r = run_runner({"compare", base, base, "--threshold", "5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "did you mean 5%?")) << r.err;
  r = run_runner({"compare", "last", base});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "no store")) << r.err;
  r = run_runner({"compare", "--plugins", "libevent2,nonesuch", base});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "nonesuch")) << r.err;
}

}  // namespace
