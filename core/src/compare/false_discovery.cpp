#include "compare/false_discovery.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace rb::compare {

std::size_t control_false_discoveries(std::vector<CellComparison>& rows, double alpha) {
  std::vector<CellComparison*> family;
  for (auto& row : rows)
    if (row.withheld.empty() && std::isfinite(row.p_value)) family.push_back(&row);
  if (family.size() < 2) return 0;
  std::stable_sort(family.begin(), family.end(),
                   [](const auto* a, const auto* b) { return a->p_value < b->p_value; });
  // Step-up: the largest rank k with p_(k) <= k / m * alpha; every p up to it is a discovery.
  const double m = static_cast<double>(family.size());
  double cutoff = -1;
  for (std::size_t k = family.size(); k > 0; --k) {
    if (family[k - 1]->p_value <= static_cast<double>(k) / m * alpha) {
      cutoff = family[k - 1]->p_value;
      break;
    }
  }
  std::size_t demoted = 0;
  for (std::size_t k = 0; k < family.size(); ++k) {
    CellComparison& row = *family[k];
    if (row.verdict != Verdict::slower && row.verdict != Verdict::faster) continue;
    if (row.p_value <= cutoff) continue;
    row.verdict = Verdict::inconclusive;
    row.reason = fmt::format(
        "p = {:.2g} is not significant among {} cells tested (Benjamini-Hochberg: needs "
        "<= {:.2g})",
        row.p_value, family.size(), static_cast<double>(k + 1) / m * alpha);
    ++demoted;
  }
  return demoted;
}

}  // namespace rb::compare
