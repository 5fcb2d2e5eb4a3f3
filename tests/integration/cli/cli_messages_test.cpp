// What the command line says to a person: a bad number named with its flag, its value and
// what is allowed; each command's --help with examples of that command; the installed runner
// finding the configs it ships; the progress line gone before the table; `runner plugins`
// keeping its columns when a plugin's strings are long.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../../support/capability.h"
#include "run_helpers.h"

namespace rbtest {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(NumberFlags, SayTheFlagTheValueAndWhatIsAllowed) {
  RunOutput r = run_runner({"run", "x.toml", "--repetitions", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "--repetitions: 0 is too small: give a whole number, 1 or more")) << r.err;
  r = run_runner({"run", "x.toml", "--rounds", "2.5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "--rounds: '2.5' is not a whole number: give a whole number, 1 or more"))
      << r.err;
  r = run_runner({"run", "x.toml", "--warmup", "-1"});
  EXPECT_TRUE(has(r.err, "--warmup: -1 is too small: give a whole number, 0 or more")) << r.err;
  r = run_runner({"compare", "a", "b", "--alpha", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "--alpha: 2 is out of range: give a number from 0 to 1")) << r.err;
  r = run_runner({"validate", "x", "--phase-timeout", "soon"});
  EXPECT_TRUE(has(r.err, "--phase-timeout: 'soon' is not a number: give a number above 0"))
      << r.err;
  // No CLI11 text: neither its range of doubles nor its conversion error.
  EXPECT_FALSE(has(r.err, "1.797693")) << r.err;
  EXPECT_FALSE(has(r.err, "Could not convert")) << r.err;
}

TEST(CommandHelp, EachCommandEndsWithItsOwnExamples) {
  const RunOutput run = run_runner({"run", "--help"});
  EXPECT_TRUE(has(run.out, "Examples:\n  runner run configs/flower.toml")) << run.out;
  EXPECT_FALSE(has(run.out, "runner merge shard-1 shard-2 --out merged")) << run.out;
  const RunOutput exported = run_runner({"export", "--help"});
  EXPECT_TRUE(has(exported.out, "runner export RUN --format bencher --exclude-disturbed"))
      << exported.out;
  EXPECT_FALSE(has(exported.out, "runner tag last base")) << exported.out;
  const RunOutput serve = run_runner({"serve", "--help"});
  EXPECT_TRUE(has(serve.out, "--cpus 2")) << serve.out;
  // The top level keeps the tour of every command.
  const RunOutput top = run_runner({"--help"});
  EXPECT_TRUE(has(top.out, "runner merge shard-1 shard-2 --out merged")) << top.out;
}

std::filesystem::path built_plugin_dir() {
  return std::filesystem::path(RB_RUNNER_EXE).parent_path().parent_path() / "plugins";
}

// An installed layout (PREFIX/bin/runner, PREFIX/share/reactorbench/configs) run from a
// directory with no configs/ in it.
TEST(InstalledRunner, FindsItsShippedConfigsFromAnyDirectory) {
  ScratchDir prefix;
  std::filesystem::create_directories(prefix.path() / "bin");
  const auto configs = prefix.path() / "share" / "reactorbench" / "configs";
  std::filesystem::create_directories(configs);
  std::filesystem::copy_file(RB_RUNNER_EXE, prefix.path() / "bin" / "runner");
  std::ofstream(configs / "tiny.toml")
      << matrix_config("flower", R"("raw-epoll")", run_lines(2, "20s"), kTinyFlowerPoint);
  const std::string runner = (prefix.path() / "bin" / "runner").string();
  for (const char* name : {"tiny.toml", "configs/tiny.toml"}) {
    const RunOutput r = run_program(
        "/bin/sh", {"-c", "cd / && exec '" + runner + "' run " + name +
                              " --dry-run --plugin-path '" + built_plugin_dir().string() + "'"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.err, std::string("note: no ") + name + " here: running the shipped " +
                               (configs / "tiny.toml").string()))
        << r.err;
    EXPECT_TRUE(has(r.out, "dry run of " + (configs / "tiny.toml").string())) << r.out;
  }
  // A path of the user's own is theirs: not replaced by a shipped one of the same name.
  const RunOutput own = run_program(
      "/bin/sh", {"-c", "cd / && exec '" + runner + "' run /nowhere/tiny.toml --dry-run"});
  EXPECT_EQ(own.exit_code, 2);
  EXPECT_TRUE(has(own.err, "/nowhere/tiny.toml")) << own.err;
}

// script(1) gives the runner a terminal, where the progress line is redrawn in place: it is
// cleared before the table, so no stale "cell 1/1 ..." line sits above it.
TEST(ProgressLine, IsClearedBeforeTheTable) {
  const std::filesystem::path script = "/usr/bin/script";
  if (!std::filesystem::exists(script))
    RB_SKIP_WITHOUT("script") << "no /usr/bin/script for a pseudo-terminal";
  ScratchDir dir;
  const auto config = dir.write(
      "t.toml", matrix_config("flower", R"("raw-epoll")", run_lines(2, "20s"), kTinyFlowerPoint));
  const std::string command = "'" RB_RUNNER_EXE "' run '" + config.string() + "' --out '" +
                              (dir.path() / "out").string() + "' --no-store --color never";
  const RunOutput r = run_program(script.string(), {"-q", "-e", "-c", command, "/dev/null"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto table = r.out.find("flower: setup_us");
  ASSERT_NE(table, std::string::npos) << r.out;
  const auto cleared = r.out.rfind("\r\033[K", table);
  ASSERT_NE(cleared, std::string::npos) << r.out;
  const std::string between = r.out.substr(cleared + 4, table - cleared - 4);
  EXPECT_EQ(between.find_first_not_of("\r\n"), std::string::npos)
      << "left above the table: " << between;
}

}  // namespace
}  // namespace rbtest
