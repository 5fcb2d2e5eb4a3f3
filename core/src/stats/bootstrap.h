// The bootstrap intervals of this project, one resampler for all of them. Confidence
// intervals must respect what is independent in a benchmark: rounds (separate
// processes) are the replicates, iterations inside a round share its memory layout, placement
// and machine state. Resampling every iteration as if independent gives intervals about 2.4x
// too narrow on this project's machines (docs/methodology.md); the two-level intervals resample
// rounds first, then iterations inside each drawn round (Kalibera & Jones, ISMM 2013; Davison
// & Hinkley 1997, section 3.8), and widen the percentile interval for the few rounds a run
// has. The flat interval is what a single round (or a summary without rounds) allows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace rb::stats {

// The measured samples of one metric, one inner vector per round (empty rounds ignored).
using RoundSamples = std::vector<std::vector<double>>;

struct Interval {
  double low = 0;
  double high = 0;
};

inline constexpr std::uint64_t kTwoLevelSeed = 0x5eed'2026'0000'0013ULL;
inline constexpr int kTwoLevelResamples = 4000;

// How far a percentile interval must reach when it rests on only `replicates` independent
// units: Hesterberg's expanded percentile interval (2015) uses the tail probability
// alpha' = 2 * Phi(-sqrt(r / (r - 1)) * t(1 - alpha/2, df)) instead of alpha, correcting both
// the bootstrap's (r - 1)/r variance bias and the normal quantile's optimism at small r.
// Returns the tail (one side) to cut from the bootstrap distribution.
double expanded_tail(double ci_level, double replicates, double degrees_of_freedom);

// The tails the two-level intervals below cut: a median over `rounds` rounds rests on r =
// rounds units with r - 1 degrees of freedom; a ratio on the smaller side's rounds, with the
// degrees of freedom of both sides pooled (base + next - 2).
double two_level_tail(double ci_level, std::size_t rounds);
double two_level_ratio_tail(double ci_level, std::size_t base_rounds, std::size_t next_rounds);

// The median of sorted samples, resampled as if independent (the ordinary bootstrap): a
// percentile interval at ci_level. Needs resamples >= 1 and at least one sample.
Interval flat_median_ci(std::span<const double> sorted, double ci_level, std::uint64_t seed,
                        int resamples);

// The median of all samples, resampled at two levels: B times, draw the rounds with
// replacement, then each drawn round's samples with replacement, and take the median of
// everything drawn. With one round this degenerates to the ordinary (flat) bootstrap and is
// only a within-process interval: a lower bound on the uncertainty.
Interval two_level_median_ci(const RoundSamples& rounds, double ci_level = 0.95,
                             std::uint64_t seed = kTwoLevelSeed,
                             int resamples = kTwoLevelResamples);

// The ratio median(next) / median(base), each side resampled as above independently; a
// replicate whose base median is 0 is dropped (all dropped: NaN bounds).
Interval two_level_ratio_ci(const RoundSamples& base, const RoundSamples& next,
                            double ci_level = 0.95, std::uint64_t seed = kTwoLevelSeed,
                            int resamples = kTwoLevelResamples);

// Rounds holding at least one sample.
std::size_t count_rounds(const RoundSamples& rounds);

// Every sample of every round, in order.
std::vector<double> pooled(const RoundSamples& rounds);

// Each non-empty round's median.
std::vector<double> round_medians(const RoundSamples& rounds);

}  // namespace rb::stats
