// [run] pairing = "duet" (issue 30, part 2): which cells of a point run at once, and the CPUs
// they swap round by round.
#include <gtest/gtest.h>

#include "exec/duet_plan.h"

namespace rb::exec {
namespace {

// One point's cells (index = position): `bases[k]` is cell k's base plugin.
std::vector<CellResult> point_of(const std::vector<std::string>& bases) {
  std::vector<CellResult> cells(bases.size());
  for (std::size_t k = 0; k < bases.size(); ++k) {
    cells[k].cell.index = k;
    cells[k].cell.plugin = bases[k] + "#" + std::to_string(k);
    cells[k].cell.setup.base = bases[k];
  }
  return cells;
}

TEST(DuetPlan, ThePluginsOwnBuildsGoTogetherWhenTheyFitTheCpus) {
  const auto cells = point_of({"raw-epoll", "libevent2", "raw-epoll", "libevent2"});
  EXPECT_EQ(duet_group(cells, 0, 4, 2), (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(duet_group(cells, 1, 4, 2), (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(duet_group(cells, 0, 4, 4), (std::vector<std::size_t>{0, 2}));
}

TEST(DuetPlan, ThePointAsAWholeWhenNoPluginHasTwoAndItFits) {
  const auto cells = point_of({"raw-epoll", "libevent2"});
  EXPECT_EQ(duet_group(cells, 1, 2, 2), (std::vector<std::size_t>{1, 0}));
  EXPECT_TRUE(duet_group(point_of({"a", "b", "c"}), 0, 3, 2).empty());
}

TEST(DuetPlan, OnlyCellsStillRunningAndOfThisPoint) {
  auto cells = point_of({"raw-epoll", "raw-epoll", "raw-epoll", "raw-epoll"});
  EXPECT_EQ(duet_group(cells, 0, 2, 2), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(duet_group(cells, 2, 2, 2), (std::vector<std::size_t>{2, 3}));
  cells[1].status = CellStatus::crashed;
  EXPECT_TRUE(duet_group(cells, 0, 2, 2).empty());
}

TEST(DuetPlan, TwoSidesSwapCpusEveryRound) {
  const std::vector<int> cpus = {0, 1};
  EXPECT_EQ(duet_cpu(0, 0, cpus), 0);
  EXPECT_EQ(duet_cpu(1, 0, cpus), 1);
  EXPECT_EQ(duet_cpu(0, 1, cpus), 1);
  EXPECT_EQ(duet_cpu(1, 1, cpus), 0);
  EXPECT_EQ(duet_cpu(0, 2, cpus), 0);
  const std::vector<int> three = {2, 5, 7};
  EXPECT_EQ(duet_cpu(2, 2, three), 5);
}

}  // namespace
}  // namespace rb::exec
