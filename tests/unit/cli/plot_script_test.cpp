// The plot script's output is captured without files of fixed names in the output directory
// (issue 14, item 1): a symlink planted there is never followed.
#include "cli/plot_script.h"

#include <stdlib.h>

#include <gtest/gtest.h>

#include <fstream>

#include "../../support/scratch_dir.h"

namespace rb::cli {
namespace {

namespace fs = std::filesystem;

using rbtest::file_contents;

TEST(PlotScript, OutputIsCapturedWithoutFollowingPlantedSymlinks) {
  const rbtest::ScratchDir dir;
  const fs::path victim = dir.write("victim", "precious\n");
  const fs::path out = dir.path() / "html";
  fs::create_directories(out);
  fs::create_symlink(victim, out / ".plot.stdout");
  fs::create_symlink(victim, out / ".plot.stderr");
  // Stands in for python and plot.py: `sh SCRIPT RESULTS --out DIR ...` names one plot.
  const fs::path script = dir.write("plot.sh", "echo \"$3/plot.png\"; echo noise >&2\n");
  ::setenv("REACTORBENCH_PYTHON", "/bin/sh", 1);
  ::setenv("REACTORBENCH_PLOT_SCRIPT", script.c_str(), 1);

  const PlotOutcome outcome = run_plot_script(dir.path(), out);

  ::unsetenv("REACTORBENCH_PYTHON");
  ::unsetenv("REACTORBENCH_PLOT_SCRIPT");
  EXPECT_EQ(outcome.error, "");
  ASSERT_EQ(outcome.files.size(), 1u);
  EXPECT_EQ(outcome.files[0], out / "plot.png");
  EXPECT_EQ(file_contents(victim), "precious\n");
}

}  // namespace
}  // namespace rb::cli
