// `runner compare --color`: the verdict words painted (slower red, faster green) when asked
// or on a terminal, and not a single ESC byte with --color never, NO_COLOR, TERM=dumb, a
// pipe, or a format other than the console table.
#include <gtest/gtest.h>

#include <filesystem>

#include "../../support/capability.h"
#include "../../support/without_escapes.h"
#include "run_helpers.h"
#include "synthetic_runs.h"

namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;
using rb::testing::write_results_dir;
using rbtest::contains;
using rbtest::run_program;
using rbtest::run_runner;
using rbtest::ScratchDir;
using rbtest::without_escapes;

constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";

std::string scaled_results(const ScratchDir& dir, const std::string& name, double scale,
                           std::uint64_t seed) {
  SyntheticOptions o;
  o.scale = scale;
  o.seed = seed;
  const auto path = dir.path() / name;
  write_results_dir(synthetic_flower_run(o), path);
  return path.string();
}

bool has_escape(const std::string& text) {
  return text.find('\033') != std::string::npos;
}

TEST(CompareColourCli, AlwaysPaintsSlowerRedAndFasterGreenInThePlainLayout) {
  ScratchDir dir;
  const std::string base = scaled_results(dir, "base", 1.0, 1);
  const std::string slower = scaled_results(dir, "slower", 1.2, 2);
  auto r = run_runner({"compare", base, slower, "--color", "always"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, std::string(kRed) + "slower\033[0m")) << r.out;
  EXPECT_TRUE(contains(r.out, "verdict: " + std::string(kRed) + "8 slower -> exit 1")) << r.out;
  const auto plain = run_runner({"compare", base, slower, "--color", "never"});
  EXPECT_EQ(without_escapes(r.out), plain.out);

  r = run_runner({"compare", base, scaled_results(dir, "faster", 0.8, 3), "--color", "always"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, std::string(kGreen) + "faster\033[0m")) << r.out;
  EXPECT_FALSE(contains(r.out, kRed)) << r.out;
}

TEST(CompareColourCli, NeverNoColorAndAPipeGetNoEscape) {
  ScratchDir dir;
  const std::string base = scaled_results(dir, "base", 1.0, 1);
  const std::string slower = scaled_results(dir, "slower", 1.2, 2);
  auto r = run_runner({"compare", base, slower, "--color", "never"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(has_escape(r.out)) << r.out;
  r = run_runner({"compare", base, slower});  // auto, and stdout is a file
  EXPECT_FALSE(has_escape(r.out)) << r.out;
  r = run_program("/usr/bin/env",
                  {"NO_COLOR=1", RB_RUNNER_EXE, "compare", base, slower, "--color", "auto"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_FALSE(has_escape(r.out)) << r.out;
}

TEST(CompareColourCli, OtherFormatsAreNeverPainted) {
  ScratchDir dir;
  const std::string base = scaled_results(dir, "base", 1.0, 1);
  const std::string slower = scaled_results(dir, "slower", 1.2, 2);
  for (const char* format : {"md", "json", "csv"}) {
    const auto r = run_runner({"compare", base, slower, "--format", format, "--color", "always"});
    EXPECT_EQ(r.exit_code, 1) << format << r.err;
    EXPECT_FALSE(has_escape(r.out)) << format << r.out;
  }
}

TEST(CompareColourCli, AnUnknownModeIsAUsageError) {
  ScratchDir dir;
  const std::string base = scaled_results(dir, "base", 1.0, 1);
  const auto r = run_runner({"compare", base, base, "--color", "yes"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "--color")) << r.err;
}

// auto's own decision on a real terminal: script(1) gives the runner a pseudo-terminal.
TEST(CompareColourCli, AutoOnATerminalColoursUnlessNoColorOrDumb) {
  const std::filesystem::path script = "/usr/bin/script";
  if (!std::filesystem::exists(script))
    RB_SKIP_WITHOUT("script") << "no /usr/bin/script for a pseudo-terminal";
  ScratchDir dir;
  const std::string base = scaled_results(dir, "base", 1.0, 1);
  const std::string slower = scaled_results(dir, "slower", 1.2, 2);
  auto on_a_terminal = [&](const std::string& env, const std::string& mode) {
    const std::string command = "env -u NO_COLOR TERM=xterm " + env +
                                " '" RB_RUNNER_EXE "' compare '" + base + "' '" + slower +
                                "' --color " + mode;
    return run_program(script.string(), {"-q", "-e", "-c", command, "/dev/null"});
  };
  auto r = on_a_terminal("", "auto");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, std::string(kRed) + "slower")) << r.out;
  r = on_a_terminal("NO_COLOR=1", "auto");
  EXPECT_TRUE(contains(r.out, "slower")) << r.out;
  EXPECT_FALSE(has_escape(r.out)) << r.out;
  r = on_a_terminal("NO_COLOR=", "auto");  // empty: as if unset
  EXPECT_TRUE(contains(r.out, std::string(kRed) + "slower")) << r.out;
  r = on_a_terminal("TERM=dumb", "auto");
  EXPECT_FALSE(has_escape(r.out)) << r.out;
  r = on_a_terminal("", "never");
  EXPECT_FALSE(has_escape(r.out)) << r.out;
  r = on_a_terminal("NO_COLOR=1", "always");  // asked for by name: NO_COLOR does not override
  EXPECT_TRUE(contains(r.out, std::string(kRed) + "slower")) << r.out;
}

}  // namespace
