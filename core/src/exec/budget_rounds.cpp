#include "exec/budget_rounds.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace rb::exec {

void mark_decided(std::vector<CellResult>& cells, const BudgetLook& look, int look_number) {
  std::set<std::size_t> undecided;
  for (const auto& group : look.undecided) undecided.insert(group.begin(), group.end());
  for (const std::size_t i : look.compared)
    if (i < cells.size() && !undecided.contains(i) && cells[i].rounds_stop.empty())
      cells[i].rounds_stop = fmt::format("decided at look {}", look_number);
}

void mark_undecided(std::vector<CellResult>& cells,
                    const std::vector<std::vector<std::size_t>>& groups, const std::string& why) {
  for (const auto& group : groups)
    for (const std::size_t i : group)
      if (i < cells.size() && cells[i].rounds_stop.empty()) cells[i].rounds_stop = why;
}

double next_round_estimate_s(const std::vector<CellResult>& cells,
                             const std::vector<std::size_t>& group, bool one_process) {
  double longest = 0;
  double sum = 0;
  for (const std::size_t i : group) {
    if (cells[i].interference.empty()) continue;
    const double wall_s = cells[i].interference.back().wall_s;
    longest = std::max(longest, wall_s);
    sum += wall_s;
  }
  return one_process ? longest : sum;
}

int next_round_number(const std::vector<CellResult>& cells, const std::vector<std::size_t>& group) {
  std::size_t rounds = 0;
  for (const std::size_t i : group) rounds = std::max(rounds, cells[i].rusage_per_round.size());
  return static_cast<int>(rounds);
}

std::vector<std::size_t> still_running(const std::vector<CellResult>& cells,
                                       const std::vector<std::size_t>& group) {
  std::vector<std::size_t> out;
  for (const std::size_t i : group)
    if (i < cells.size() && cells[i].status == CellStatus::ok) out.push_back(i);
  return out;
}

}  // namespace rb::exec
