// `runner run --color`: a crashed cell is red in the console table and in the list of cells
// without results; --color never prints no ESC byte, and the result files never have one.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "containment_support.h"

namespace rbtest {
namespace {

std::string file_text(const std::filesystem::path& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

MatrixRun run_crashing(const ScratchDir& dir, const std::string& colour) {
  return run_matrix(dir, two_plugin_config("abort-in-dispatch"),
                    {"--plugin-path", runtime_bad_plugins().string(), "--color", colour});
}

TEST(FailedCellColour, AlwaysMarksTheCrashedCellRed) {
  ScratchDir dir;
  const MatrixRun run = run_crashing(dir, "always");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  const std::string& out = run.output.out;
  EXPECT_TRUE(contains(out, "\033[31mcrashed\033[0m")) << out;  // the table's cell
  EXPECT_TRUE(contains(out, "(abort-in-dispatch): crashed: killed by signal 6")) << out;
  const auto listed = out.find("\nCells without results:\n  \033[31m");
  EXPECT_NE(listed, std::string::npos) << out;
  for (const char* file : {"summary.md", "summary.csv", "summary.json", "samples.jsonl"})
    EXPECT_EQ(file_text(run.out / file).find('\033'), std::string::npos) << file;
}

TEST(FailedCellColour, NeverPrintsNoEscape) {
  ScratchDir dir;
  const MatrixRun run = run_crashing(dir, "never");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  EXPECT_TRUE(contains(run.output.out, "crashed")) << run.output.out;
  EXPECT_EQ(run.output.out.find('\033'), std::string::npos) << run.output.out;
}

}  // namespace
}  // namespace rbtest
