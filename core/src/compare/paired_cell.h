// The paired view of one cell and metric whose two sides ran in one run, interleaved round
// by round: round r of the base and round r of the new side are a pair (stats/paired_rounds.h).
// Also what the pairing bought, so that a reader can see why a verdict was reachable.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "model/results.h"
#include "stats/bootstrap.h"
#include "stats/paired_rounds.h"

namespace rb::compare {

struct AlignedRounds {
  stats::RoundSamples base;  // base[i] and next[i] come from the same round number
  stats::RoundSamples next;
  std::vector<int> rounds;  // those round numbers
};

// The metric's measured samples of the rounds both sides have, by round number.
AlignedRounds aligned_rounds(const std::vector<Sample>& base, const std::vector<Sample>& next,
                             const std::string& metric);

// Cells that ran in one process turn by turn ([run] pairing = "iterations"): iteration i of
// round r on one side and on the other are a pair, milliseconds apart on one CPU. The round
// stays the unit of the test (pairs inside a round share its process and are not
// independent): each round gives the median of its pairs' log ratios.
struct IterationPairs {
  std::vector<double> round_log_ratios;                           // one per round with pairs
  std::size_t pairs = 0;                                          // iteration pairs behind them
  double correlation = std::numeric_limits<double>::quiet_NaN();  // of paired log values
};
IterationPairs iteration_pairs(const std::vector<Sample>& base, const std::vector<Sample>& next,
                               const std::string& metric);

// What pairing changed for a cell: the correlation of its paired rounds and the width of
// the ratio's interval paired against unpaired (the two-level interval of each side alone).
struct PairingGain {
  // What was paired: "rounds", "iterations" (lockstep) or "duet" (rounds at the same time).
  std::string unit = "rounds";
  std::size_t pairs = 0;  // rounds judged (each a pair of rounds, or of iterations)
  std::size_t iteration_pairs = 0;
  double correlation = std::numeric_limits<double>::quiet_NaN();
  double paired_ci_width = std::numeric_limits<double>::quiet_NaN();
  double unpaired_ci_width = std::numeric_limits<double>::quiet_NaN();
  // The unpaired estimate (ratio of pooled medians, its two-level interval), for contrast.
  double unpaired_ratio = std::numeric_limits<double>::quiet_NaN();
  double unpaired_ci_low = std::numeric_limits<double>::quiet_NaN();
  double unpaired_ci_high = std::numeric_limits<double>::quiet_NaN();
  double p_t = std::numeric_limits<double>::quiet_NaN();          // the verdict's p
  double p_sign_flip = std::numeric_limits<double>::quiet_NaN();  // its exact check
  double p_unpaired = std::numeric_limits<double>::quiet_NaN();   // Mann-Whitney, for contrast

  // unpaired / paired width: how many times narrower the pairing made the interval.
  double narrowing() const { return unpaired_ci_width / paired_ci_width; }
};

}  // namespace rb::compare
