#include "exec/round_outcome.h"

#include <algorithm>
#include <utility>

namespace rb::exec {

void add_rusage(Rusage& total, const Rusage& round) {
  total.user_s += round.user_s;
  total.sys_s += round.sys_s;
  total.max_rss_kib = std::max(total.max_rss_kib, round.max_rss_kib);
  total.voluntary_cs += round.voluntary_cs;
  total.involuntary_cs += round.involuntary_cs;
}

void add_role_results(CellResult& cell, CellProcessResult& outcome) {
  for (const auto& [role, rusage] : outcome.rusage_by_role)
    add_rusage(cell.rusage_by_role[role], rusage);
  for (auto& [role, counters] : outcome.counters_by_role)
    cell.counters_by_role[role] = std::move(counters);
  for (auto& [role, provenance] : outcome.provenance_by_role)
    cell.provenance_by_role[role] = std::move(provenance);
}

CellProcessResult group_total(const std::vector<CellProcessResult>& members) {
  CellProcessResult total;
  for (const auto& member : members) {
    if (total.status == CellStatus::ok && member.status != CellStatus::ok) {
      total.status = member.status;
      total.reason = member.reason;
    }
    total.rusage.user_s += member.rusage.user_s;
    total.rusage.sys_s += member.rusage.sys_s;
    total.canary = member.canary;
  }
  return total;
}

}  // namespace rb::exec
