#include "report/console_table.h"
#include "text/tint.h"

#include <gtest/gtest.h>

#include "synthetic_run.h"

namespace rb::report {
namespace {

TEST(ConsoleTable, AlignsColumnsUnderAHeaderAndARule) {
  const std::string text = format_console_tables(testing::two_plugins_two_points());
  const std::string dispatch =
      "flower: dispatch_us (us, lower is better)  median [95% CI]  active=100  writes=100  "
      "transport=socketpair\n"
      "pipes          libevent2          raw-epoll\n"
      "-----  -----------------  -----------------\n"
      "  100     123 [120, 127]  61.7 [60.0, 63.3]\n"
      " 1000  1230 [1200, 1270]            skipped\n";
  EXPECT_NE(text.find(dispatch), std::string::npos) << text;
  // The reason is said once, under the tables, not in every table's cell.
  EXPECT_NE(text.find("\nCells without results:\n"
                      "  pipes=1000 active=100 writes=100 transport=socketpair (raw-epoll): "
                      "skipped: needs 2005 fds, hard limit 2000\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.rfind("flower: setup_us", 0), 0u) << text;
  EXPECT_NE(text.find("\n\nflower: dispatch_us"), std::string::npos) << text;
}

TEST(ConsoleTable, EmptyRunPrintsNothing) {
  EXPECT_EQ(format_console_tables(RunResult{}), "");
}

TEST(ConsoleTable, SinglePointKeepsItsAxesAsRowLabels) {
  RunResult run = testing::two_plugins_two_points();
  run.cells.resize(2);
  const std::string text = format_console_tables(run);
  EXPECT_NE(text.find("pipes  active  writes   transport          libevent2          raw-epoll\n"),
            std::string::npos)
      << text;
}

TEST(Progress, ShowsCountPercentEtaAndCurrentCell) {
  EXPECT_EQ(format_progress(3, 12, 42.0, {.label = "flower libevent2 pipes=100"}),
            "[ 3/12] 25% eta 0:42  flower libevent2 pipes=100");
  EXPECT_EQ(format_progress(10, 100, 3600.0, {.label = "x"}), "[ 10/100] 10% eta 1:00:00  x");
}

TEST(Progress, TheRoundAndIterationComeBeforeTheLabel) {
  const RunningCell running{"flower raw-epoll pipes=100", 1, 5, 4, 6};
  EXPECT_EQ(format_progress(3, 12, 42.0, running),
            "[ 3/12] 25% eta 0:42  round 1/5 it 4/6  flower raw-epoll pipes=100");
  EXPECT_EQ(format_progress(3, 12, 42.0, {"flower raw-epoll pipes=100", 1, 1, 0, 6}),
            "[ 3/12] 25% eta 0:42  it 0/6  flower raw-epoll pipes=100");
  EXPECT_EQ(format_progress(3, 12, 42.0), "[ 3/12] 25% eta 0:42");
}

TEST(Progress, UnknownEtaIsDashes) {
  EXPECT_EQ(format_progress(0, 12, std::nullopt, {.label = "a"}), "[ 0/12]  0% eta -:--  a");
}

TEST(Progress, FinishedRunHasZeroEta) {
  EXPECT_EQ(format_progress(12, 12, std::nullopt), "[12/12] 100% eta 0:00");
  EXPECT_EQ(format_progress(0, 0, std::nullopt), "[0/0] 100% eta 0:00");
}

TEST(CellLine, AnOkCellSaysItsRoundsAndTheirTime) {
  CellResult cell;
  cell.cell = {0, "flower", "raw-epoll", {{"pipes", std::int64_t{100}}}};
  for (double wall : {0.05, 0.07}) {
    RoundInterference round;
    round.wall_s = wall;
    cell.interference.push_back(round);
  }
  EXPECT_EQ(format_cell_line(3, 12, cell),
            "cell  3/12  ok       flower raw-epoll pipes=100  2 rounds, 0.12 s");
}

TEST(CellLine, ACellThatIsNotOkSaysWhyAndIsRedInColour) {
  CellResult cell;
  cell.cell = {0, "flower", "crashy", {{"pipes", std::int64_t{100}}}};
  cell.status = CellStatus::crashed;
  cell.reason = "killed by SIGSEGV";
  EXPECT_EQ(format_cell_line(1, 1, cell),
            "cell 1/1  crashed  flower crashy pipes=100: killed by SIGSEGV");
  const std::string coloured = format_cell_line(1, 1, cell, true);
  EXPECT_NE(coloured.find(text::paint("crashed", text::Tint::red)), std::string::npos) << coloured;
  EXPECT_TRUE(coloured.ends_with("  flower crashy pipes=100: killed by SIGSEGV")) << coloured;
}

TEST(Progress, FitToWidthCutsWithAnEllipsis) {
  EXPECT_EQ(fit_to_width("[ 3/12] 25% eta 0:42  flower", 80), "[ 3/12] 25% eta 0:42  flower");
  EXPECT_EQ(fit_to_width("[ 3/12] 25% eta 0:42  flower", 15), "[ 3/12] 25% ...");
  EXPECT_EQ(fit_to_width("[ 3/12] 25% eta 0:42  flower", 15).size(), 15U);
  EXPECT_EQ(fit_to_width("abcdef", 2), "ab");
  EXPECT_EQ(fit_to_width("abcdef", 0), "");
}

}  // namespace
}  // namespace rb::report
