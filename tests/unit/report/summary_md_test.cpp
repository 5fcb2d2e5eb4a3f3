#include "report/summary_md.h"

#include <gtest/gtest.h>

#include "synthetic_run.h"

namespace rb::report {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(SummaryMd, HeaderListsTheContext) {
  const std::string md = format_summary_md(testing::two_plugins_two_points());
  EXPECT_EQ(md.rfind("# reactorbench results: flower\n\n", 0), 0u);
  for (const char* line : {"- **Host:** bench-host\n", "- **CPU:** Test CPU @ 2.00GHz\n",
                           "- **Cores:** 2\n", "- **Kernel:** 6.1.0-18-amd64 #1 SMP\n",
                           "- **Governor:** unreadable\n", "- **Compiler:** GNU 12.2.0\n",
                           "- **Build:** RelWithDebInfo\n", "- **Git revision:** abc1234-dirty\n",
                           "- **Date:** 2026-03-01T12:00:00Z to 2026-03-01T12:05:00Z\n",
                           "- **Command line:** `runner run configs/flower.toml --quick`\n",
                           "- **NOFILE limit:** 1024 soft, 20000 hard\n"})
    EXPECT_TRUE(contains(md, line)) << line;
}

TEST(SummaryMd, OneTablePerHeadlineMetricWithAPluginColumnAndAPointRow) {
  const std::string md = format_summary_md(testing::two_plugins_two_points());
  EXPECT_TRUE(
      contains(md,
               "## flower: setup_us (us, lower is better)\n"
               "\n"
               "Each cell: median [95% CI of the median: rounds resampled, then iterations]. "
               "Fixed: active=100, writes=100, transport=socketpair.\n"
               "\n"
               "| pipes | libevent2 | raw-epoll |\n"
               "|---:|---:|---:|\n"
               "| 100 | 10.0 [9.88, 10.3] | 5.02 [4.94, 5.13] |\n"
               "| 1000 | 100 [98.8, 103] | skipped |\n"))
      << md;
  EXPECT_TRUE(contains(md,
                       "| pipes | libevent2 | raw-epoll |\n"
                       "|---:|---:|---:|\n"
                       "| 100 | 123 [120, 127] | 61.7 [60.0, 63.3] |\n"
                       "| 1000 | 1230 [1200, 1270] | skipped |\n"))
      << md;
  EXPECT_FALSE(contains(md, "total_us (us"));  // not a headline metric
}

TEST(SummaryMd, ListsCellsNotOkWithReasons) {
  RunResult run = testing::two_plugins_two_points();
  run.cells[1].status = CellStatus::crashed;
  run.cells[1].reason = "killed by signal 11";
  const std::string md = format_summary_md(run);
  EXPECT_TRUE(contains(md,
                       "## Cells without results\n\n"
                       "- pipes=100 active=100 writes=100 transport=socketpair (raw-epoll): "
                       "crashed: killed by signal 11\n"
                       "- pipes=1000 active=100 writes=100 transport=socketpair (raw-epoll): "
                       "skipped: needs 2005 fds, hard limit 2000\n"))
      << md;
  EXPECT_TRUE(contains(md, "| 100 | 10.0 [9.88, 10.3] | crashed |\n")) << md;
}

TEST(SummaryMd, CountsOutliersPerCellAndMetric) {
  const std::string md = format_summary_md(testing::two_plugins_two_points());
  EXPECT_TRUE(contains(md,
                       "- #0 flower libevent2 pipes=100 active=100 writes=100 "
                       "transport=socketpair: setup_us 1 of 24, total_us 1 of 24\n"))
      << md;
}

TEST(SummaryMd, ReasonsStayOutOfTheTablesSoTheirPipesCannotBreakThem) {
  RunResult run = testing::two_plugins_two_points();
  run.cells[3].reason = "a|b";
  const std::string md = format_summary_md(run);
  EXPECT_TRUE(contains(md, "| 1000 | 100 [98.8, 103] | skipped |\n")) << md;
  EXPECT_TRUE(contains(md, "(raw-epoll): skipped: a|b\n")) << md;
}

TEST(SummaryMd, SaysSoWhenAllIsClean) {
  RunResult run = testing::two_plugins_two_points();
  run.cells.pop_back();
  for (auto& cell : run.cells)
    for (auto& [name, summary] : cell.metrics) summary.outliers.clear();
  const std::string md = format_summary_md(run);
  EXPECT_TRUE(contains(md, "All cells ok.\n"));
  EXPECT_TRUE(contains(md, "None flagged.\n"));
  EXPECT_TRUE(contains(md, "| 1000 | 1230 [1200, 1270] | - |\n")) << md;
}

TEST(SummaryMd, WritesTheSameTextToAFile) {
  testing::expect_writes_what_it_formats(write_summary_md, format_summary_md);
}

}  // namespace
}  // namespace rb::report
