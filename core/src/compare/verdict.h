// Turning a ratio, its confidence interval and a p-value into one word a script can act on:
// faster, slower, same or inconclusive. "same" only when the whole interval lies inside the
// noise threshold; a change is called only when it is significant and its whole interval lies
// beyond the conviction edge: the threshold itself, and half of it for iterations paired in
// one lockstep process (their intervals are a few percent wide, and a change equal to the band
// would otherwise be a coin toss). Anything in between is "inconclusive", not a false alarm
// nor a false all-clear.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "compare/ratio_estimate.h"

namespace rb::compare {

enum class Verdict { faster, slower, same, inconclusive };
const char* to_string(Verdict verdict);

struct VerdictRules {
  double threshold = 0.05;  // the noise band: a CI wholly within ±5% is "same"
  // The smallest change called slower or faster (--min-change); unset: the threshold, half of
  // it for lockstep iteration pairs (conviction_edge).
  std::optional<double> min_change;
  double alpha = 0.05;           // Mann-Whitney significance level
  std::size_t min_samples = 5;   // fewer on either side: inconclusive
  std::size_t warn_samples = 9;  // fewer: a verdict, with a warning that it is fragile
  double ci_level = 0.95;        // of the ratio's bootstrap interval
  int resamples = kRatioResamples;
  // Rounds are the independent replicates: fewer on either side, no verdict at all (with one
  // round the interval is within-process only; with two, its spread is a guess).
  std::size_t min_rounds = 3;
  // A time metric whose median is within this many times the clock's measured resolution
  // or read cost (the larger) measures the clock, not the code: no verdict.
  double resolution_multiple = 10;
  // In lockstep (both sides in one process) a time metric whose median is below this many
  // microseconds gets no verdict (compare/verdict_gates.h, lockstep_floor_gate).
  double lockstep_floor_us = 10;
  // The canaries of the two sides (the machine's own speed) may differ by this much before
  // the verdicts are withheld; the same default as [run] disturbance_threshold.
  double canary_threshold = 0.05;
  bool allow_disturbed = false;  // --allow-disturbed: judge disturbed cells anyway
};

struct Judgement {
  Verdict verdict = Verdict::inconclusive;
  std::string reason;   // one short phrase: why this verdict
  std::string warning;  // empty, or e.g. "few samples (5 and 6, fewer than 9)"
};

// `worse` is the ratio oriented so that above 1 means worse: new/base for a metric where
// lower is better, base/new where higher is better (the caller flips it).
//
//  - fewer than min_samples on either side, or a ratio that is not finite: inconclusive;
//  - the whole interval inside [1 - t, 1 + t]: same (nothing else is "same": a ratio inside
//    the band whose interval reaches beyond it is not known to be unchanged);
//  - p < alpha and the whole interval beyond the conviction edge c on one side (above 1 + c:
//    slower, below 1 - c: faster); this comes first, so a small change known with confidence
//    is called even when its interval also lies inside the band;
//  - otherwise inconclusive: the interval is wider than the band (2t), or it straddles an
//    edge, or it lies beyond the edge but the change is not significant.
// `lockstep`: judged as iteration pairs of one lockstep process (conviction_edge).
Judgement judge(std::size_t n_base, std::size_t n_new, const RatioEstimate& worse, double p_value,
                const VerdictRules& rules, bool lockstep);

// The smallest change judge() calls: --min-change when given, else the threshold, and half of
// it for lockstep iteration pairs. Pairs milliseconds apart on one CPU cancel the drift that
// makes a smaller change untrustworthy elsewhere (docs/results.md, "Verdict quality": 0 false
// alarms in 224 A/A lockstep cells at half the band, +5% found in 7 of 8 cells). Pairs of
// rounds do not earn it: under load a notify A/A night read +23% [+3.2%, +37.5%].
double conviction_edge(const VerdictRules& rules, bool lockstep);

// The ratio and interval seen from the other side (1/x, bounds swapped).
RatioEstimate inverted(const RatioEstimate& ratio);

}  // namespace rb::compare
