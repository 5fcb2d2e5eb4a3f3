// A cell whose process cannot be started says so with exec's errno, never "did the plugin
// call exit()?" (issue 14, item 11).
#include <gtest/gtest.h>

#include "../../support/scratch_dir.h"
#include "exec/cell_process.h"

namespace rb::exec {
namespace {

TEST(CellStart, AnExecFailureIsReportedWithItsErrno) {
  const rbtest::ScratchDir dir;
  CellProcessOptions options;
  options.runner_exe = "/nonexistent/reactorbench-runner";
  options.log_path = dir.path() / "cell.log";
  options.timeout = std::chrono::seconds(10);
  CellJob job;
  job.cell.workload = "flower";
  job.cell.plugin = "good";
  const CellProcessResult result = run_cell_process(job, options, [](const Sample&) {});
  EXPECT_EQ(result.status, CellStatus::failed);
  EXPECT_EQ(result.reason,
            "could not start the cell's process: exec /nonexistent/reactorbench-runner failed: "
            "No such file or directory (ENOENT)");
}

}  // namespace
}  // namespace rb::exec
