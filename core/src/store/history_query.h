// A cell's median over time: for every stored run (newest N, oldest first in the result)
// the summaries of the cells that match a filter such as "muduo pipes=1000".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/cell.h"
#include "store/database.h"
#include "store/run_reader.h"

namespace rb::store {

// Whitespace- or comma-separated terms, all of which must hold: "key=value" compares a
// parameter (or plugin=, workload=) exactly; a bare word names the plugin or the workload.
class CellFilter {
 public:
  CellFilter() = default;
  explicit CellFilter(std::string_view text);
  bool matches(const CellSpec& cell) const;
  bool empty() const { return terms_.empty(); }

 private:
  struct Term {
    std::string key;  // empty for a bare word
    std::string value;
  };
  std::vector<Term> terms_;
};

struct HistoryPoint {
  std::int64_t run_id = 0;
  std::string started_at;
  std::string git_revision;
  std::string run_status;
  std::string cell_status;
  std::size_t n = 0;
  double median = 0;
  double ci_low = 0;
  double ci_high = 0;
  // The run's interference check found the cell disturbed (schema 4's cells.disturbed;
  // false when not measured): the history's change points and band leave it out.
  bool disturbed = false;
};

struct CellHistory {
  std::string workload;
  std::string plugin;
  std::string point;  // params label
  std::string metric;
  std::vector<HistoryPoint> points;  // oldest first
};

// Series in order of first appearance; `metrics` empty means every metric stored.
std::vector<CellHistory> cell_history(Database& db, const CellFilter& cells,
                                      const std::vector<std::string>& metrics,
                                      const RunFilter& runs, std::size_t last_runs);

}  // namespace rb::store
