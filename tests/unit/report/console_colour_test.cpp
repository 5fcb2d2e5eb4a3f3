// The run's console tables in colour: a failed cell is red in its table and under "Cells
// without results", a skipped one stays plain, and the layout is the plain one's.
#include <gtest/gtest.h>

#include <string>

#include "../../support/without_escapes.h"
#include "report/console_table.h"
#include "report/status_tint.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

using rbtest::without_escapes;

// two_plugins_two_points with libevent2 at pipes=1000 crashed instead of measured.
RunResult with_a_crash() {
  RunResult run = testing::two_plugins_two_points();
  for (auto& cell : run.cells)
    if (cell.cell.plugin == "libevent2" && cell.cell.params_label().find("pipes=1000") == 0) {
      cell.status = CellStatus::crashed;
      cell.reason = "killed by signal 11";
      cell.metrics.clear();
    }
  return run;
}

TEST(ConsoleColour, AFailedCellIsRedInItsTableAndInTheListBelow) {
  const std::string text = format_console_tables(with_a_crash(), true);
  EXPECT_NE(text.find("\033[31mcrashed\033[0m"), std::string::npos) << text;
  EXPECT_NE(text.find("  \033[31mpipes=1000 active=100 writes=100 transport=socketpair "
                      "(libevent2): crashed: killed by signal 11\033[0m\n"),
            std::string::npos)
      << text;
}

TEST(ConsoleColour, ASkippedCellStaysPlain) {
  const std::string text = format_console_tables(with_a_crash(), true);
  EXPECT_NE(text.find("  pipes=1000 active=100 writes=100 transport=socketpair (raw-epoll): "
                      "skipped: needs 2005 fds, hard limit 2000\n"),
            std::string::npos)
      << text;
}

TEST(ConsoleColour, ColourChangesNothingButTheEscapes) {
  const RunResult run = with_a_crash();
  EXPECT_EQ(without_escapes(format_console_tables(run, true)), format_console_tables(run));
  EXPECT_EQ(format_console_tables(run).find('\033'), std::string::npos);
  EXPECT_EQ(format_console_tables(run, false), format_console_tables(run));
}

TEST(StatusTint, RedForBrokenYellowForInterruptedPlainOtherwise) {
  EXPECT_EQ(status_tint(CellStatus::failed), text::Tint::red);
  EXPECT_EQ(status_tint(CellStatus::crashed), text::Tint::red);
  EXPECT_EQ(status_tint(CellStatus::timeout), text::Tint::red);
  EXPECT_EQ(status_tint(CellStatus::interrupted), text::Tint::yellow);
  EXPECT_EQ(status_tint(CellStatus::skipped), text::Tint::none);
  EXPECT_EQ(status_tint(CellStatus::ok), text::Tint::none);
}

}  // namespace
}  // namespace rb::report
