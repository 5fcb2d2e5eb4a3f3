// The report's verdict table without dozens of identical rows: rows that got no answer
// (inconclusive, withheld) for the same reason become one row, "12 cells: inconclusive: CI
// …% wide: more than ±5% allows", with the cells listed compactly beneath. The rows with an
// answer (slower, faster, same) stay one row each: they are what a reader acts on.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rb::html {

// One row of the verdict table as the grouping sees it.
struct VerdictRow {
  std::string plugin;
  std::string point;
  std::string metric;
  std::string verdict;  // "inconclusive", "slower", ...
  std::string reason;
  bool answered = false;  // slower, faster or same
};

struct ReasonGroup {
  std::string verdict;
  // The reason the rows share: their words, with the numbers that differ between rows as "…".
  std::string reason;
  std::vector<std::size_t> rows;  // indices into the rows given, ascending
};

// Groups of at least `min_rows` unanswered rows with one verdict and one reason (numbers
// aside), in the order of their first row. Rows in no group are shown one by one.
std::vector<ReasonGroup> group_repeated_reasons(const std::vector<VerdictRow>& rows,
                                                std::size_t min_rows = 3);

// "libuv p50_us: connections=1, connections=100; muduo p99_us: connections=1": the group's
// cells, one entry per plugin and metric.
std::string compact_cells(const std::vector<VerdictRow>& rows, const ReasonGroup& group);

}  // namespace rb::html
