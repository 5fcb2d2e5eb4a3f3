// Between two runs the machine itself drifts, and on a VM that hides its host the canaries do
// not always see it: measured here, every plugin's cells moved together by 15-25% from one run
// to the next, a minute apart, on identical code. A change in one plugin's code moves that
// plugin's cells; a move shared by every plugin alike is the machine (or a change common to
// every plugin, which one run against another cannot tell apart from it: that is what the A/B
// in one run, `scripts/nightly --ab`, and the history are for). Such rows get no verdict.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compare/run_comparison.h"

namespace rb::compare {

// Two plugins moving together is weak evidence of the machine (it happens by chance, and a
// pair is often a build and its variant); three or more all beyond the band, on one side, is
// what a machine that changed speed looks like.
inline constexpr std::size_t kCommonShiftPlugins = 3;

// Per metric: with at least kCommonShiftPlugins plugins, when every plugin's geometric mean
// ratio (as the per-plugin summary gives it) lies beyond the noise band on the same side, every row
// of that metric is withheld
// ("drift"). Returns the run-level notes, one per metric withheld.
std::vector<std::string> withhold_common_shift(std::vector<CellComparison>& rows,
                                               const VerdictRules& rules);

}  // namespace rb::compare
