// The colours of `runner compare`'s console verdicts (text/tint.h): slower and broken red,
// faster green, same dim, and yellow where there is no answer (inconclusive, withheld).
#pragma once

#include "compare/run_comparison.h"
#include "text/tint.h"

namespace rb::compare {

// A row's verdict word; a withheld row is yellow whatever its numbers.
text::Tint verdict_tint(const CellComparison& row);

// The closing verdict line, by the exit code it announces.
text::Tint exit_tint(int exit_code);

}  // namespace rb::compare
