// The verdict on kernel counts, on constructed samples: a change beyond both sides' own
// round-to-round range is found with its exact size, one within it or within the tolerance
// is not, and a growth makes compare exit 1.
#include "compare/count_changes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "compare/comparison_json.h"
#include "compare/comparison_output.h"
#include "compare/run_comparison.h"
#include "synthetic_runs.h"

namespace rb::compare {
namespace {

constexpr std::uint64_t kReads = 200;  // per sample: active 100 + writes 100

// A flower cell's samples: `rounds` rounds of 4, each sample with kReads reads and, per count,
// its per-read value in that round (rounds[r][key]) times kReads.
CellResult counted_cell(const std::string& plugin,
                        const std::vector<std::map<std::string, double>>& rounds) {
  CellResult cell;
  cell.cell.workload = "flower";
  cell.cell.plugin = plugin;
  cell.cell.params = {{"pipes", std::int64_t{100}}, {"active", std::int64_t{100}}};
  for (std::size_t r = 0; r < rounds.size(); ++r)
    for (int i = 0; i < 4; ++i) {
      Sample s;
      s.round = static_cast<int>(r);
      s.iteration = i + 1;
      s.counters["reads"] = kReads;
      s.counters["writes"] = 100;
      for (const auto& [key, per_read] : rounds[r])
        s.counters[key] = static_cast<std::uint64_t>(per_read * kReads + 0.5);
      s.metrics["dispatch_us"] = 100;
      cell.samples.push_back(s);
    }
  return cell;
}

TEST(CountChanges, OneMoreEpollCtlPerReadIsFoundExactly) {
  const CellResult base = counted_cell("raw-epoll", {{{"sys.epoll_ctl", 0}, {"sys.total", 3.0}},
                                                     {{"sys.epoll_ctl", 0}, {"sys.total", 3.01}}});
  const CellResult next = counted_cell("raw-epoll", {{{"sys.epoll_ctl", 1}, {"sys.total", 4.0}},
                                                     {{"sys.epoll_ctl", 1}, {"sys.total", 4.01}}});
  const auto changes = count_changes(base, next);
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].key, "sys.epoll_ctl");
  EXPECT_EQ(changes[0].unit, "read");
  EXPECT_DOUBLE_EQ(changes[0].base_per_event, 0.0);
  EXPECT_DOUBLE_EQ(changes[0].new_per_event, 1.0);
  EXPECT_TRUE(changes[0].grew());
  EXPECT_EQ(describe(changes[0]),
            "raw-epoll pipes=100 active=100: +1.00 epoll_ctl per read (0.00 -> 1.00; rounds "
            "0.00..0.00 -> 1.00..1.00)");
  EXPECT_EQ(changes[1].key, "sys.total");
  EXPECT_NEAR(changes[1].new_per_event - changes[1].base_per_event, 1.0, 1e-9);
  EXPECT_TRUE(counts_grew(changes));
  EXPECT_EQ(count_changes_part(changes), "2 kernel counts grew");
  std::vector<CountChange> mixed = changes;
  mixed.push_back(changes[0]);
  std::swap(mixed.back().base_per_event, mixed.back().new_per_event);
  EXPECT_EQ(count_changes_part(mixed), "2 kernel counts grew, 1 shrank");
}

TEST(CountChanges, ADifferenceInsideEitherSidesRoundRangeIsNoFinding) {
  // epoll_wait per read moves with how many pipes are ready at once: the rounds overlap.
  const CellResult base = counted_cell(
      "raw-epoll",
      {{{"sys.epoll_wait", 0.50}}, {{"sys.epoll_wait", 0.60}}, {{"sys.epoll_wait", 0.55}}});
  const CellResult next = counted_cell(
      "raw-epoll",
      {{{"sys.epoll_wait", 0.58}}, {{"sys.epoll_wait", 0.65}}, {{"sys.epoll_wait", 0.62}}});
  EXPECT_TRUE(count_changes(base, next).empty());
}

TEST(CountChanges, ADifferenceWithinTheToleranceIsNoFinding) {
  const CellResult base = counted_cell("raw-epoll", {{{"sys.total", 3.00}}, {{"sys.total", 3.00}}});
  const CellResult next = counted_cell("raw-epoll", {{{"sys.total", 3.05}}, {{"sys.total", 3.05}}});
  EXPECT_TRUE(count_changes(base, next).empty());  // 0.05 < 2% of 3.05
}

TEST(CountChanges, AFallIsAFindingButNoRegression) {
  const CellResult base =
      counted_cell("libevent2", {{{"sys.epoll_ctl", 2.0}}, {{"sys.epoll_ctl", 2.0}}});
  const CellResult next =
      counted_cell("libevent2", {{{"sys.epoll_ctl", 1.0}}, {{"sys.epoll_ctl", 1.0}}});
  const auto changes = count_changes(base, next);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_FALSE(changes[0].grew());
  EXPECT_FALSE(counts_grew(changes));
  EXPECT_EQ(count_changes_part(changes), "1 kernel count shrank");
}

TEST(CountChanges, ContextSwitchesAndFaultsAreNotJudged) {
  const CellResult base = counted_cell("raw-epoll", {{{"cs", 0.1}, {"faults", 0.0}}});
  const CellResult next = counted_cell("raw-epoll", {{{"cs", 0.9}, {"faults", 2.0}}});
  EXPECT_TRUE(count_changes(base, next).empty());
  EXPECT_TRUE(is_judged_count("server.sys.epoll_wait"));
  EXPECT_FALSE(is_judged_count("server.cs"));
}

TEST(CountChanges, NoneWithoutCountsOnBothSides) {
  const CellResult base = counted_cell("raw-epoll", {{}, {}});
  const CellResult next = counted_cell("raw-epoll", {{{"sys.epoll_ctl", 1.0}}});
  EXPECT_TRUE(count_changes(base, next).empty());
  EXPECT_TRUE(count_changes(next, base).empty());
}

TEST(CountChanges, AGrowthMakesCompareExitOneAndIsSaidFirst) {
  RunResult base;
  base.workload = "flower";
  base.plugins = {"raw-epoll"};
  base.cells.push_back(counted_cell("raw-epoll", {{{"sys.epoll_ctl", 0}}, {{"sys.epoll_ctl", 0}}}));
  RunResult next = base;
  next.cells[0] = counted_cell("raw-epoll", {{{"sys.epoll_ctl", 1}}, {{"sys.epoll_ctl", 1}}});
  const RunComparison c = compare_runs(base, next, {});
  ASSERT_EQ(c.count_changes.size(), 1u);
  EXPECT_EQ(exit_code(c), kExitRegression);
  const std::string text = comparison_text(c, false);
  const auto counts_at = text.find("+1.00 epoll_ctl per read (0.00 -> 1.00");
  ASSERT_NE(counts_at, std::string::npos) << text;
  EXPECT_LT(counts_at, text.find("dispatch_us")) << text;
  EXPECT_NE(text.find("1 kernel count grew"), std::string::npos) << text;
  const std::string json = comparison_json(c);
  EXPECT_NE(json.find("\"count_changes\""), std::string::npos);
  EXPECT_NE(json.find("\"change_per_event\": 1.0"), std::string::npos) << json;
}

TEST(CountChanges, ARunThatCountedAgainstOneThatDidNotIsNoted) {
  RunResult counted;
  counted.workload = "flower";
  counted.cells.push_back(counted_cell("raw-epoll", {{{"sys.total", 2.0}}}));
  RunResult plain;
  plain.workload = "flower";
  plain.cells.push_back(counted_cell("raw-epoll", {{}}));
  const auto note = counting_note(plain, counted);
  ASSERT_TRUE(note.has_value());
  EXPECT_NE(note->find("counted in NEW only"), std::string::npos) << *note;
  EXPECT_FALSE(counting_note(counted, counted).has_value());
  EXPECT_FALSE(counting_note(plain, plain).has_value());
  const RunComparison c = compare_runs(counted, plain, {});
  EXPECT_NE(
      std::find_if(c.context_notes.begin(), c.context_notes.end(),
                   [](const std::string& n) { return n.find("BASE only") != std::string::npos; }),
      c.context_notes.end());
}

TEST(CountChanges, UnchangedCountsLeaveTheExitCodeToTheTimings) {
  RunResult base;
  base.workload = "flower";
  base.cells.push_back(counted_cell("raw-epoll", {{{"sys.epoll_ctl", 0}}, {{"sys.epoll_ctl", 0}}}));
  const RunComparison c = compare_runs(base, base, {});
  EXPECT_TRUE(c.count_changes.empty());
  EXPECT_NE(exit_code(c), kExitRegression);
}

}  // namespace
}  // namespace rb::compare
