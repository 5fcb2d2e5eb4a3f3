// summary.md's kernel counts: a column per count some cell has, each cell's value with its
// rounds' range, and the reason once per cause where they could not be counted.
#include "report/kernel_counts_section.h"

#include <gtest/gtest.h>

#include <string>

namespace rb::report {
namespace {

CellResult cell_with(int index, const std::string& plugin, KernelCountSummary counts) {
  CellResult cell;
  cell.cell.index = index;
  cell.cell.workload = "flower";
  cell.cell.plugin = plugin;
  cell.cell.params = {{"pipes", std::int64_t{100}}};
  cell.kernel_counts = std::move(counts);
  return cell;
}

TEST(KernelCountsSection, ColumnsForCountsSomeCellHasAndTheRangeWhenRoundsDiffer) {
  RunResult run;
  KernelCountSummary raw{
      "read", "", {{"sys.total", {3.5, 3.5, 3.5}}, {"sys.epoll_ctl", {0, 0, 0}}}};
  KernelCountSummary add{
      "read",
      "",
      {{"sys.total", {4.5, 4.4, 4.6}}, {"sys.epoll_ctl", {1, 1, 1}}, {"sys.futex", {0, 0, 0}}}};
  add.per_event["server.sys.total"] = {2, 2, 2};
  add.per_event["faults"] = {0.5, 0.5, 0.5};
  run.cells = {cell_with(1, "raw-epoll", raw), cell_with(2, "epoll-add-always", add)};
  const std::string text = kernel_counts_section(run);
  EXPECT_NE(text.find("## Kernel counts per event"), std::string::npos) << text;
  // sys.total first; sys.futex is zero everywhere and gets no column; the server's last.
  EXPECT_NE(text.find("| cell | per | sys.total | sys.epoll_ctl | faults | server.sys.total |\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| #1 raw-epoll pipes=100 | read | 3.50 | 0 | - | - |"), std::string::npos)
      << text;
  EXPECT_NE(
      text.find(
          "| #2 epoll-add-always pipes=100 | read | 4.50 [4.40..4.60] | 1.00 | 0.500 | 2.00 |"),
      std::string::npos)
      << text;
  EXPECT_EQ(text.find("unavailable"), std::string::npos) << text;
}

TEST(KernelCountsSection, UnavailableIsSaidOncePerReason) {
  RunResult run;
  KernelCountSummary none{"", "RB_KERNEL_COUNTS=off", {}};
  run.cells = {cell_with(1, "raw-epoll", none), cell_with(2, "libevent2", none)};
  const std::string text = kernel_counts_section(run);
  EXPECT_NE(text.find("- unavailable: RB_KERNEL_COUNTS=off (cells #1, #2)\n"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("| cell |"), std::string::npos) << text;
}

TEST(KernelCountsSection, NothingWhenNoCellCounted) {
  RunResult run;
  run.cells = {cell_with(1, "raw-epoll", {})};
  EXPECT_EQ(kernel_counts_section(run), "");
}

}  // namespace
}  // namespace rb::report
