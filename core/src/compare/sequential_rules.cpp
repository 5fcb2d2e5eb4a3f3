#include "compare/sequential_rules.h"

#include <fmt/format.h>

#include "stats/sequential_design.h"

namespace rb::compare {

VerdictRules sequential_rules(VerdictRules rules, const SequentialDesign& design) {
  if (!design.active()) return rules;
  const double nominal = stats::pocock_nominal_alpha(rules.alpha, design.max_looks);
  rules.alpha = nominal;
  rules.ci_level = 1 - nominal;
  return rules;
}

std::optional<std::string> sequential_note(const VerdictRules& rules,
                                           const SequentialDesign& design) {
  if (!design.active()) return std::nullopt;
  return fmt::format(
      "sequential design ([run] budget): up to {} looks at each comparison, so each verdict "
      "is judged at alpha {:.4g} with a {:.4g}% interval (Pocock), not at the single-look "
      "levels",
      design.max_looks, rules.alpha, rules.ci_level * 100);
}

}  // namespace rb::compare
