// The report's verdict table groups the rows that got no answer for one reason: the
// numbers that differ between them shown as "…", the rows with an answer left alone.
#include "html/reason_groups.h"

#include <gtest/gtest.h>

namespace rb::html {
namespace {

VerdictRow unanswered(const std::string& plugin, const std::string& point,
                      const std::string& reason) {
  return {plugin, point, "p99_us", "inconclusive", reason, false};
}

TEST(ReasonGroups, OneReasonWithDifferentNumbersIsOneGroup) {
  const std::vector<VerdictRow> rows = {
      unanswered("libuv", "connections=1", "CI 12% wide: more than ±5% allows"),
      {"libuv", "connections=100", "p99_us", "slower", "CI beyond ±5%, p = 0.001", true},
      unanswered("libuv", "connections=100", "CI 31% wide: more than ±5% allows"),
      unanswered("muduo", "connections=1", "CI 8.5% wide: more than ±5% allows"),
      unanswered("muduo", "connections=100", "too few samples (3 and 3; a verdict needs 5)")};
  const auto groups = group_repeated_reasons(rows);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].verdict, "inconclusive");
  EXPECT_EQ(groups[0].reason, "CI \u2026% wide: more than ±5% allows");
  EXPECT_EQ(groups[0].rows, (std::vector<std::size_t>{0, 2, 3}));
  EXPECT_EQ(compact_cells(rows, groups[0]),
            "libuv p99_us: connections=1, connections=100; muduo p99_us: connections=1");
}

TEST(ReasonGroups, FewerThanThreeAlikeAndAnsweredRowsStayRows) {
  std::vector<VerdictRow> rows = {unanswered("a", "x=1", "CI 12% wide: more than ±5% allows"),
                                  unanswered("b", "x=1", "CI 13% wide: more than ±5% allows")};
  for (int i = 0; i < 4; ++i) rows.push_back({"c", "x=1", "p99_us", "same", "CI inside ±5%", true});
  EXPECT_TRUE(group_repeated_reasons(rows).empty());
}

}  // namespace
}  // namespace rb::html
