// scripts/reference-compare with the real runner and a stand-in for bench.c: a script that
// checks the arguments it is given and prints bench.c's 25 lines. Behaviour only: the pairs'
// layout, the medians' line and the refusal of output that is not bench.c's; no time's value.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "run_helpers.h"
#include "shell_run.h"

namespace {

using rbtest::ScratchDir;

// A stand-in reference program printing `lines` lines; exits 2 unless called as
// `-n 10 -a 2 -w 10` (the point the tests ask for).
std::string fake_bench(const ScratchDir& dir, int lines) {
  std::ostringstream script;
  script << "#!/bin/sh\n"
         << "[ \"$*\" = \"-n 10 -a 2 -w 10\" ] || { echo \"bad arguments: $*\" >&2; exit 2; }\n"
         << "echo '900 800'\n"
         << "i=1; while [ $i -lt " << lines << " ]; do echo '60 40'; i=$((i+1)); done\n";
  const auto path = dir.write("fake-bench", script.str());
  ::chmod(path.c_str(), 0755);
  return path.string();
}

rbtest::ShellRun reference_compare(const ScratchDir& dir, const std::string& args) {
  const std::string command = std::string("python3 ") + RB_REFERENCE_COMPARE + " --runner " +
                              RB_RUNNER_EXE + " --points 10x2 --writes 10 --pairs 2 --cpu 0 " +
                              "--iterations 3 --out " + (dir.path() / "runs").string() + " " +
                              args + " 2>&1";
  return rbtest::run_shell(command);
}

TEST(ReferenceCompare, PrintsEachPairAgainstTheReferenceMedianAndTheirMedian) {
  ScratchDir dir;
  const rbtest::ShellRun result =
      reference_compare(dir, "--bench " + fake_bench(dir, 25) + " --libevent2-options io=recv");
  ASSERT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("libevent2 (io=recv) against"), std::string::npos) << result.out;
  // The reference's first line (900 800) is dropped: its median is 40, not 800.
  EXPECT_TRUE(std::regex_search(
      result.out, std::regex(R"(\n +10 +2  [0-9]+/40=[0-9.]+  [0-9]+/40=[0-9.]+  [0-9.]+\n)")))
      << result.out;
  EXPECT_TRUE(std::regex_search(
      result.out, std::regex(R"(\nmedian of all 2 pairs: [0-9.]+, 95% CI \[[0-9.]+, [0-9.]+\]\n)")))
      << result.out;
  // The runner ran the plugin with the option asked for.
  std::stringstream config;
  config << std::ifstream(dir.path() / "runs" / "libevent2-10x2-0.toml").rdbuf();
  EXPECT_NE(config.str().find("[plugin_options.libevent2]\nio = \"recv\""), std::string::npos)
      << config.str();
}

TEST(ReferenceCompare, RefusesOutputThatIsNotTheReferenceProgramsOwn) {
  ScratchDir dir;
  const std::string bench = fake_bench(dir, 3);
  const rbtest::ShellRun result = reference_compare(dir, "--bench " + bench);
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(result.out.find("reference-compare: " + bench +
                            ": expected 25 lines of two numbers, got 3 lines"),
            std::string::npos)
      << result.out;
}

TEST(ReferenceCompare, NeedsAReferenceProgram) {
  ScratchDir dir;
  const rbtest::ShellRun result = reference_compare(dir, "");
  EXPECT_EQ(result.exit_code, 2) << result.out;
  EXPECT_NE(result.out.find("give --bench, --muduo-bench or both"), std::string::npos)
      << result.out;
}

}  // namespace
