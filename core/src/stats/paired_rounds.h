// Rounds that were interleaved are pairs: round r of A and round r of B ran seconds apart in
// one run, so the machine's slow drift (every plugin moving 19-25% together between runs on
// this project's VM) is common to both and cancels in their ratio. Judged as pairs, the
// variance of the difference shrinks by 1 / (1 - rho) where rho is the correlation of the
// paired rounds (shared/design/VERDICTS.md, section 8); judged as two unrelated samples, as a
// Mann-Whitney test over round medians does, that gain is thrown away.
//
// The unit stays the round (a process): each pair contributes one log ratio of its round
// medians, d_r = log(median(B_r) / median(A_r)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "stats/bootstrap.h"

namespace rb::stats {

inline constexpr std::uint64_t kPairedSeed = 0x5eed'2026'0000'0030ULL;

struct PairedRatio {
  std::size_t pairs = 0;
  double ratio = 0;        // exp(Hodges-Lehmann estimate of the log ratios)
  Interval ci;             // bootstrap over pairs of the same estimate, expanded tail
  double p_t = 1;          // two-sided paired t-test on the log ratios (no floor in p)
  double p_sign_flip = 1;  // exact sign-flip permutation test of their mean (floor 2 / 2^R)
  double correlation = 0;  // Pearson, of the paired log round medians (NaN if a side is flat)
};

// The log ratios of paired round medians: base[i] and next[i] are the same round (the caller
// aligns them by round number); a pair where either side is empty or a median is not
// positive is left out.
std::vector<double> paired_log_ratios(const RoundSamples& base, const RoundSamples& next);

// The median of the Walsh averages (d_i + d_j) / 2, i <= j: the location estimate that goes
// with the signed-rank test; robust to one pair a burst hit. NaN for no values.
double hodges_lehmann(const std::vector<double>& values);

// Two-sided p of a one-sample t-test of mean 0; 1 when fewer than 2 values, 0 when every
// value is the same non-zero number.
double one_sample_t_p(const std::vector<double>& values);

// Two-sided exact sign-flip permutation p for mean 0: the share of the 2^n sign patterns
// whose |sum| reaches the observed |sum| (up to 20 values; beyond, 2^20 random patterns from
// `seed`). 1 for no values.
double sign_flip_p(const std::vector<double>& values, std::uint64_t seed = kPairedSeed);

// Pearson correlation; NaN when fewer than 3 pairs or either side has no spread.
double pearson(const std::vector<double>& x, const std::vector<double>& y);

// The estimate, interval and tests of per-pair log ratios already worked out (one per
// independent unit: a round); `correlation` is the caller's. pairs == 0 (and NaNs) for none.
PairedRatio paired_ratio_of_logs(const std::vector<double>& logs, double correlation,
                                 double ci_level = 0.95, std::uint64_t seed = kPairedSeed,
                                 int resamples = kTwoLevelResamples);

// Everything above for one cell and metric; pairs == 0 (and NaNs) when no round pairs.
PairedRatio paired_ratio(const RoundSamples& base, const RoundSamples& next, double ci_level = 0.95,
                         std::uint64_t seed = kPairedSeed, int resamples = kTwoLevelResamples);

}  // namespace rb::stats
