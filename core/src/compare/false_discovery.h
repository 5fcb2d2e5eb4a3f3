// One comparison tests every cell and metric at once (64 on the nightly flower config), so a
// per-cell alpha of 0.05 calls a few of them changed on identical code every time. The
// Benjamini-Hochberg step-up procedure keeps the expected share of false "slower"/"faster"
// among those called at alpha, and under no change at all (an A/A run) the chance of any
// false call at alpha: an isolated fluke is no longer significant, while a real change, which
// moves every cell the changed code runs in, still is.
#pragma once

#include <vector>

#include "compare/run_comparison.h"

namespace rb::compare {

// The rows judged on their numbers (no `withheld`, a finite p) form the family. A slower or
// faster row whose p is above its Benjamini-Hochberg critical value becomes inconclusive,
// with the reason naming the correction. Returns how many rows it demoted.
std::size_t control_false_discoveries(std::vector<CellComparison>& rows, double alpha);

}  // namespace rb::compare
