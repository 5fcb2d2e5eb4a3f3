#include "compare/verdict_tint.h"

namespace rb::compare {

text::Tint verdict_tint(const CellComparison& row) {
  if (!row.withheld.empty()) return text::Tint::yellow;
  switch (row.verdict) {
    case Verdict::slower:
      return text::Tint::red;
    case Verdict::faster:
      return text::Tint::green;
    case Verdict::same:
      return text::Tint::dim;
    case Verdict::inconclusive:
      break;
  }
  return text::Tint::yellow;
}

text::Tint exit_tint(int exit_code) {
  switch (exit_code) {
    case kExitRegression:
      return text::Tint::red;
    case kExitInconclusive:
      return text::Tint::yellow;
    case kExitNoRegression:
      return text::Tint::green;
    default:
      return text::Tint::none;
  }
}

}  // namespace rb::compare
