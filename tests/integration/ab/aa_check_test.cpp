// scripts/aa-check on a tiny flower config: the figures come out with the right totals (K
// runs, K-1 compares, every compared metric cell counted once), and --inject prints a
// detection line over raw-epoll's dispatch cells. Behaviour only: no figure's value is
// asserted, since on a shared machine any verdict is possible.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "run_helpers.h"

namespace {

using rbtest::ScratchDir;

// 2 plugins x 1 point; flower's headline metrics are setup_us and dispatch_us.
const std::string kAaConfig = rbtest::matrix_config(
    "flower", R"("raw-epoll", "muduo")",
    "repetitions = 3\nwarmup = 1\nrounds = 2\ntimeout = \"20s\"", rbtest::kTinyFlowerPoint);

struct Output {
  int exit_code = -1;
  std::string out;
};

Output aa_check(const ScratchDir& dir, const std::string& args) {
  const std::string command = std::string("python3 ") + RB_AA_CHECK + " " +
                              dir.write("tiny.toml", kAaConfig).string() + " --runner " +
                              RB_RUNNER_EXE + " --out " + (dir.path() / "aa").string() + " " +
                              args + " 2>" + (dir.path() / "stderr").string();
  FILE* pipe = ::popen(command.c_str(), "r");
  Output result;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    result.out.append(buffer, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream err;
  err << std::ifstream(dir.path() / "stderr").rdbuf();
  if (result.exit_code != 0) result.out += "\nstderr:\n" + err.str();
  return result;
}

// The number after `prefix` in the output, or -1.
int number_after(const std::string& out, const std::string& prefix) {
  const auto at = out.find(prefix);
  if (at == std::string::npos) return -1;
  return std::stoi(out.substr(at + prefix.size()));
}

TEST(AaCheck, PrintsTheFalseAlarmFiguresWithTheRightTotals) {
  ScratchDir dir;
  const Output result = aa_check(dir, "--runs 3");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("3 runs, 2 compares"), std::string::npos) << result.out;
  EXPECT_TRUE(std::regex_search(result.out,
                                std::regex(R"(compares that exited 1 \(regression\): \d of 2 )")))
      << result.out;
  // 2 compares x 2 plugins x 2 headline metrics.
  EXPECT_EQ(number_after(result.out, "metric cells compared: "), 8) << result.out;
  const int alarms = number_after(result.out, "slower/faster (false alarms): ");
  const int same = number_after(result.out, "  same: ");
  const int inconclusive = number_after(result.out, "  inconclusive: ");
  EXPECT_EQ(alarms + same + inconclusive, 8) << result.out;
  EXPECT_NE(result.out.find("withheld as disturbed: "), std::string::npos) << result.out;
  for (const char* run : {"run-01", "run-02", "run-03"})
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "aa" / run / "summary.json")) << run;
  EXPECT_EQ(result.out.find("detection:"), std::string::npos);
}

TEST(AaCheck, InjectSlowsEveryOtherRunAndPrintsTheDetectionRate) {
  ScratchDir dir;
  const Output result = aa_check(dir, "--runs 2 --inject 20");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  const int spin_ns = number_after(result.out, "injected: raw-epoll spin_ns = ");
  EXPECT_GT(spin_ns, 0) << result.out;
  // The second run ran the injected copy of the config.
  std::stringstream config;
  config << std::ifstream(dir.path() / "aa" / "run-02" / "config.toml").rdbuf();
  EXPECT_NE(config.str().find("spin_ns = " + std::to_string(spin_ns)), std::string::npos)
      << config.str();
  // One compare: raw-epoll's dispatch_us is the one cell the spin lies on (its set-up phase
  // never reads); muduo's two cells are the unchanged ones.
  EXPECT_TRUE(std::regex_search(result.out, std::regex(R"(detection: \d of 1 raw-epoll cells)")))
      << result.out;
  EXPECT_EQ(number_after(result.out, "metric cells compared: "), 2) << result.out;
}

// --interleaved: the A/A inside one run, each plugin against its copy P@aa.
TEST(AaCheck, InterleavedComparesEachPluginWithItsCopyInTheSameRun) {
  ScratchDir dir;
  const Output result = aa_check(dir, "--interleaved --runs 1");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  EXPECT_TRUE(std::regex_search(result.out,
                                std::regex(R"(compares that exited 1 \(regression\): \d of 2 )")))
      << result.out;
  // 1 run x 2 plugins x 2 headline metrics.
  EXPECT_EQ(number_after(result.out, "metric cells compared: "), 4) << result.out;
  std::stringstream config;
  config << std::ifstream(dir.path() / "aa" / "run-01" / "config.toml").rdbuf();
  EXPECT_NE(config.str().find(R"(plugins = ["raw-epoll", "muduo", "raw-epoll@aa", "muduo@aa"])"),
            std::string::npos)
      << config.str();
}

// --duet: the interleaved A/A with each plugin and its copy at the same time on two CPUs.
TEST(AaCheck, DuetRunsEachPluginBesideItsCopyAtTheSameTime) {
  ScratchDir dir;
  const Output result = aa_check(dir, "--duet --runs 1");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("in the same run, pairing duet"), std::string::npos) << result.out;
  EXPECT_EQ(number_after(result.out, "metric cells compared: "), 4) << result.out;
  const auto summary = rbtest::read_json(dir.path() / "aa" / "run-01" / "summary.json");
  EXPECT_EQ(rbtest::cell_of(summary, "raw-epoll@aa").at("rounds_in_duet"), 2);
}

// --commit: a patch that is no file, or that does not apply, stops before any build, and
// leaves no worktree behind.
TEST(AaCheck, CommitRefusesAPatchThatDoesNotApply) {
  ScratchDir dir;
  EXPECT_EQ(aa_check(dir, "--commit " + (dir.path() / "none.patch").string()).exit_code, 2);
  const auto patch =
      dir.write("bad.patch", "--- a/no-such-file\n+++ b/no-such-file\n@@ -1 +1 @@\n-a\n+b\n");
  const Output result = aa_check(dir, "--commit " + patch.string());
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_NE(result.out.find("git apply"), std::string::npos) << result.out;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "aa" / "commit-src"));
  EXPECT_EQ(aa_check(dir, "--commit " + patch.string() + " --inject 5").exit_code, 2);
}

// --also adds configs to --commit's nightly; alone it would be a config that runs nowhere.
TEST(AaCheck, AlsoWithoutCommitIsAUsageError) {
  ScratchDir dir;
  const Output result = aa_check(dir, "--also configs/nightly-counts.toml");
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_NE(result.out.find("--also adds a config to --commit's nightly"), std::string::npos)
      << result.out;
}

TEST(AaCheck, RefusesOneRun) {
  ScratchDir dir;
  EXPECT_EQ(aa_check(dir, "--runs 1").exit_code, 2);
}

}  // namespace
