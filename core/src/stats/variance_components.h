// Where a cell's noise comes from, and what buys precision: Kalibera & Jones's two-level
// model (ISMM 2013). S1^2 is the variance inside a round, S2^2 the variance of the round
// means, and T2^2 = S2^2 - S1^2 / n the part that only more rounds (processes) average away.
#pragma once

#include <cstddef>
#include <optional>

#include "stats/bootstrap.h"

namespace rb::stats {

struct VarianceComponents {
  std::size_t rounds = 0;      // rounds with samples
  double iterations = 0;       // mean samples per round (n)
  double within_var = 0;       // S1^2: mean over rounds of each round's sample variance
  double round_means_var = 0;  // S2^2: variance of the round means (0 with one round)
  double between_var = 0;      // T2^2 = max(0, S2^2 - S1^2 / n)
  // Share of a single sample's variance that is between rounds: T2^2 / (T2^2 + S1^2).
  double between_share = 0;
};

// Rounds without samples are ignored; a round of one sample adds no within variance.
VarianceComponents variance_components(const RoundSamples& rounds);

// The cost of one iteration (c1) and of starting a round (c2: process, set-up, warm-up), in
// any one unit; unknown costs leave the iteration count out of the plan.
struct RoundCosts {
  double per_iteration = 0;
  double per_round = 0;
};

struct PrecisionPlan {
  // n* = ceil(sqrt(c2 S1^2 / (c1 T2^2))): iterations per round that buy the most precision
  // per second; absent when the costs are unknown or T2^2 is 0 (then more iterations per
  // round are as good as more rounds, and fewer processes are cheaper).
  std::optional<int> iterations;
  // Rounds of that many iterations (or of today's n when n* is absent) for a 95% interval
  // of +-target of the mean: R = ceil(z^2 (T2^2 + S1^2 / n) / (target * mean)^2).
  std::optional<int> rounds;
  double target = 0;  // the relative half-width aimed at
};

// The default target: a half-width of 2.5%, so that the ratio of two such cells (about
// sqrt(2) wider) still fits inside compare's default +-5% band.
inline constexpr double kDefaultTargetHalfWidth = 0.025;

PrecisionPlan plan_precision(const VarianceComponents& components, double mean,
                             const std::optional<RoundCosts>& costs,
                             double target = kDefaultTargetHalfWidth);

}  // namespace rb::stats
