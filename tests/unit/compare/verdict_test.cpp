// The verdict rules on hand-picked ratios, intervals and p-values.
#include <gtest/gtest.h>

#include <cmath>

#include "compare/verdict.h"

namespace rb::compare {
namespace {

RatioEstimate ratio(double r, double low, double high) {
  return {r, low, high, 0.95};
}

const VerdictRules kRules;  // threshold 5%, alpha 0.05, min 5, warn below 9

TEST(Verdict, IntervalInsideTheBandIsSame) {
  const Judgement j = judge(20, 20, ratio(1.01, 0.98, 1.04), 0.3, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::same);
  EXPECT_TRUE(j.warning.empty());
}

TEST(Verdict, SignificantChangeBeyondTheBandIsSlower) {
  EXPECT_EQ(judge(20, 20, ratio(1.20, 1.15, 1.26), 1e-6, kRules, false).verdict, Verdict::slower);
}

TEST(Verdict, SignificantImprovementBeyondTheBandIsFaster) {
  EXPECT_EQ(judge(20, 20, ratio(0.80, 0.76, 0.85), 1e-6, kRules, false).verdict, Verdict::faster);
}

// Significant and a large median change, but the interval reaches back into the noise band:
// a noisy machine must not raise an alarm on that.
TEST(Verdict, IntervalReachingIntoTheBandIsInconclusive) {
  const Judgement j = judge(20, 20, ratio(1.40, 1.03, 2.50), 0.01, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("more than"), std::string::npos);
}

TEST(Verdict, TooFewSamplesIsInconclusiveWhateverTheNumbers) {
  const Judgement j = judge(3, 3, ratio(1.5, 1.4, 1.6), 1e-6, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("too few samples"), std::string::npos);
}

TEST(Verdict, FewSamplesGiveAVerdictWithAWarning) {
  const Judgement j = judge(6, 6, ratio(1.0, 0.99, 1.01), 0.9, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::same);
  EXPECT_NE(j.warning.find("few samples"), std::string::npos);
}

TEST(Verdict, WideIntervalIsInconclusive) {
  const Judgement j = judge(20, 20, ratio(1.02, 0.85, 1.25), 0.6, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("more than"), std::string::npos);
}

TEST(Verdict, SmallSignificantChangeWithTheIntervalInsideIsSame) {
  // Significant, but a 3% change whose whole interval is inside the 5% noise threshold.
  EXPECT_EQ(judge(20, 20, ratio(1.03, 1.01, 1.045), 0.01, kRules, false).verdict, Verdict::same);
}

// A narrow interval around a ratio inside the band, but reaching beyond it: not "same", since
// the change may be more than the threshold (this once passed as "same").
TEST(Verdict, RatioInsideTheBandWithTheIntervalReachingBeyondIsInconclusive) {
  const Judgement j = judge(20, 20, ratio(1.03, 1.01, 1.06), 0.01, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("straddles"), std::string::npos) << j.reason;
  EXPECT_EQ(judge(20, 20, ratio(0.97, 0.94, 0.99), 0.01, kRules, false).verdict,
            Verdict::inconclusive);
  EXPECT_EQ(judge(20, 20, ratio(1.00, 0.955, 1.055), 0.9, kRules, false).verdict,
            Verdict::inconclusive);
}

TEST(Verdict, IntervalOnTheBandEdgesIsStillSame) {
  EXPECT_EQ(judge(20, 20, ratio(1.0, 0.95, 1.05), 0.9, kRules, false).verdict, Verdict::same);
}

TEST(Verdict, IntervalTouchingTheBandFromOutsideIsNotSlower) {
  // Beyond means wholly outside: an interval starting on the edge is not a regression.
  EXPECT_EQ(judge(20, 20, ratio(1.08, 1.05, 1.10), 1e-6, kRules, false).verdict,
            Verdict::inconclusive);
  EXPECT_EQ(judge(20, 20, ratio(0.92, 0.90, 0.95), 1e-6, kRules, false).verdict,
            Verdict::inconclusive);
}

TEST(Verdict, ChangeStraddlingTheBandWithoutSignificanceIsInconclusive) {
  const Judgement j = judge(20, 20, ratio(1.07, 0.99, 1.08), 0.2, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("straddles"), std::string::npos) << j.reason;
}

TEST(Verdict, IntervalBeyondTheBandWithoutSignificanceIsInconclusive) {
  const Judgement j = judge(20, 20, ratio(1.08, 1.06, 1.10), 0.2, kRules, false);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_NE(j.reason.find("not significant"), std::string::npos) << j.reason;
}

TEST(Verdict, ThresholdIsConfigurable) {
  VerdictRules loose = kRules;
  loose.threshold = 0.25;
  EXPECT_EQ(judge(20, 20, ratio(1.20, 1.15, 1.24), 1e-6, loose, false).verdict, Verdict::same);
}

TEST(Verdict, UndefinedRatioIsInconclusive) {
  EXPECT_EQ(judge(20, 20, ratio(std::nan(""), 1, 1), 0.5, kRules, false).verdict,
            Verdict::inconclusive);
}

// Lockstep iteration pairs are called beyond half the band: a +4% change with a 3%-wide
// interval is slower there, and still inconclusive otherwise.
TEST(Verdict, LockstepPairsAreCalledBeyondHalfTheBand) {
  const RatioEstimate small_change = ratio(1.04, 1.03, 1.06);
  const Judgement paired = judge(20, 20, small_change, 0.001, kRules, true);
  EXPECT_EQ(paired.verdict, Verdict::slower);
  EXPECT_EQ(paired.reason, "CI beyond ±2.5%, p = 0.001");
  const Judgement runs = judge(20, 20, small_change, 0.001, kRules, false);
  EXPECT_EQ(runs.verdict, Verdict::inconclusive);
  EXPECT_EQ(runs.reason, "CI straddles the edge of ±5%");
  EXPECT_EQ(judge(20, 20, ratio(0.96, 0.95, 0.97), 0.001, kRules, true).verdict, Verdict::faster);
}

// A small change known with confidence is called even though its interval also lies inside the
// band: "same" would hide a real +3.5%.
TEST(Verdict, AConvictedSmallChangeIsNotSame) {
  const Judgement j = judge(20, 20, ratio(1.035, 1.03, 1.045), 0.001, kRules, true);
  EXPECT_EQ(j.verdict, Verdict::slower);
}

TEST(Verdict, PairedIntervalAcrossTheConvictionEdgeSaysBoth) {
  const Judgement j = judge(20, 20, ratio(1.04, 1.02, 1.06), 0.001, kRules, true);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_EQ(j.reason, "CI straddles the edge of ±5% (changes called beyond ±2.5%)");
}

TEST(Verdict, MinChangeOverridesTheEdgeBothWays) {
  VerdictRules strict = kRules;
  strict.min_change = 0.01;
  EXPECT_DOUBLE_EQ(conviction_edge(strict, false), 0.01);
  EXPECT_DOUBLE_EQ(conviction_edge(strict, true), 0.01);
  EXPECT_EQ(judge(20, 20, ratio(1.02, 1.015, 1.03), 0.001, strict, false).verdict, Verdict::slower);
  VerdictRules lax = kRules;
  lax.min_change = 0.10;
  const Judgement j = judge(20, 20, ratio(1.07, 1.06, 1.08), 0.001, lax, true);
  EXPECT_EQ(j.verdict, Verdict::inconclusive);
  EXPECT_EQ(j.reason, "CI beyond ±5% but inside ±10%, the smallest change called");
}

TEST(Verdict, DefaultEdgeIsTheBandAndHalfOfItForLockstepPairs) {
  EXPECT_DOUBLE_EQ(conviction_edge(kRules, false), 0.05);
  EXPECT_DOUBLE_EQ(conviction_edge(kRules, true), 0.025);
}

TEST(Verdict, InvertedFlipsTheRatioAndItsBounds) {
  const RatioEstimate r = inverted(ratio(2, 1, 4));
  EXPECT_DOUBLE_EQ(r.ratio, 0.5);
  EXPECT_DOUBLE_EQ(r.ci_low, 0.25);
  EXPECT_DOUBLE_EQ(r.ci_high, 1);
}

}  // namespace
}  // namespace rb::compare
