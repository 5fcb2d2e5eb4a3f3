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

// What pairing changed for a cell: the correlation of its paired rounds and the width of
// the ratio's interval paired against unpaired (the two-level interval of each side alone).
struct PairingGain {
  std::size_t pairs = 0;
  double correlation = std::numeric_limits<double>::quiet_NaN();
  double paired_ci_width = std::numeric_limits<double>::quiet_NaN();
  double unpaired_ci_width = std::numeric_limits<double>::quiet_NaN();
  double p_t = std::numeric_limits<double>::quiet_NaN();          // the verdict's p
  double p_sign_flip = std::numeric_limits<double>::quiet_NaN();  // its exact check
  double p_unpaired = std::numeric_limits<double>::quiet_NaN();   // Mann-Whitney, for contrast

  // unpaired / paired width: how many times narrower the pairing made the interval.
  double narrowing() const { return unpaired_ci_width / paired_ci_width; }
};

}  // namespace rb::compare
