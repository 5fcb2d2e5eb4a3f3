#include "cli/budget_look.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "compare/run_comparison.h"
#include "config/run_comparisons.h"

namespace rb::cli {
namespace {

bool undecided(const compare::CellComparison& row) {
  return row.verdict == compare::Verdict::inconclusive &&
         (row.withheld.empty() || row.withheld == "rounds");
}

// The wider the interval, the more doubt; one without bounds (too few rounds) is widest.
double doubt(const compare::CellComparison& row) {
  const double width = std::log(row.ratio.ci_high / row.ratio.ci_low);
  return std::isfinite(width) ? width : HUGE_VAL;
}

struct PointDoubt {
  std::set<std::size_t> cells;
  double doubt = 0;
};

}  // namespace

exec::BudgetLook look_at_comparisons(const config::TestPlan& plan, const RunContext& context,
                                     const std::vector<CellResult>& cells) {
  RunResult run;
  run.context = context;
  run.workload = plan.workload;
  run.plugins = plan.columns();
  run.cells = cells;
  // (column, point) -> the cell's position, to name a row's two cells.
  std::map<std::pair<std::string, std::string>, std::size_t> position;
  for (std::size_t i = 0; i < cells.size(); ++i)
    position[{cells[i].cell.plugin, cells[i].cell.params_label()}] = i;

  exec::BudgetLook look;
  std::set<std::size_t> compared;
  std::map<std::string, PointDoubt> by_point;
  for (const auto& pair : config::run_comparisons(plan)) {
    const compare::RunComparison comparison =
        compare::compare_plugins(run, pair.base, pair.next, compare::CompareOptions{});
    for (const auto& row : comparison.rows) {
      const auto base = position.find({row.base_plugin, row.point});
      const auto next = position.find({row.new_plugin, row.point});
      if (base == position.end() || next == position.end()) continue;
      compared.insert({base->second, next->second});
      if (!undecided(row)) continue;
      PointDoubt& point = by_point[row.point];
      point.cells.insert({base->second, next->second});
      point.doubt = std::max(point.doubt, doubt(row));
    }
  }
  look.compared.assign(compared.begin(), compared.end());
  std::vector<const PointDoubt*> order;
  for (const auto& entry : by_point) order.push_back(&entry.second);
  std::stable_sort(order.begin(), order.end(),
                   [](const PointDoubt* a, const PointDoubt* b) { return a->doubt > b->doubt; });
  for (const PointDoubt* point : order)
    look.undecided.emplace_back(point->cells.begin(), point->cells.end());
  return look;
}

}  // namespace rb::cli
