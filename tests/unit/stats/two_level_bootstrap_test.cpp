// The two-level bootstrap: a 95% interval must cover the truth about 95% of the time on data
// with a between-round component, where resampling the pooled iterations does not.
#include <cstdio>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "stats/bootstrap.h"
#include "stats/summary.h"
#include "stats/variance_components.h"

namespace rb::stats {
namespace {

// R rounds of n samples: each round's level drawn around `mean` with `between` sd, each
// sample around its round's level with `within` sd. The population median is `mean`.
RoundSamples two_level_data(std::mt19937_64& engine, std::size_t rounds, std::size_t n, double mean,
                            double between, double within) {
  std::normal_distribution<double> unit(0, 1);
  RoundSamples out(rounds);
  for (auto& round : out) {
    const double level = mean + between * unit(engine);
    for (std::size_t i = 0; i < n; ++i) round.push_back(level + within * unit(engine));
  }
  return out;
}

struct Coverage {
  double two_level = 0;
  double flat = 0;
};

Coverage coverage(std::size_t rounds, std::size_t n, double between, double within,
                  int experiments = 1000) {
  std::mt19937_64 engine(20261201 + rounds);
  int covered_two_level = 0;
  int covered_flat = 0;
  for (int e = 0; e < experiments; ++e) {
    const RoundSamples data = two_level_data(engine, rounds, n, 100, between, within);
    const Interval ci = two_level_median_ci(data, 0.95, kTwoLevelSeed + e, 1000);
    if (ci.low <= 100 && 100 <= ci.high) ++covered_two_level;
    const Summary flat = summarize(pooled(data), kDefaultSeed + e, 1000);
    if (flat.ci_low <= 100 && 100 <= flat.ci_high) ++covered_flat;
  }
  return {static_cast<double>(covered_two_level) / experiments,
          static_cast<double>(covered_flat) / experiments};
}

TEST(TwoLevelBootstrap, CoversTheTrueMedianAboutNinetyFivePercentOfTheTime) {
  // Between-round and within-round spread alike, 8 rounds x 10 iterations.
  const Coverage c = coverage(8, 10, 3, 3);
  std::printf("R=8 two-level %.3f flat %.3f\n", c.two_level, c.flat);
  EXPECT_GE(c.two_level, 0.92);
  EXPECT_LE(c.two_level, 0.99);
  // Resampling iterations as if independent ignores the rounds' spread: far below 95%.
  EXPECT_LT(c.flat, 0.75);
}

TEST(TwoLevelBootstrap, CoversWithTheFewRoundsAConfigShips) {
  const Coverage c = coverage(5, 6, 3, 3);
  std::printf("R=5 two-level %.3f flat %.3f\n", c.two_level, c.flat);
  EXPECT_GE(c.two_level, 0.92);
  EXPECT_LE(c.two_level, 0.995);
  EXPECT_LT(c.flat, 0.85);
}

TEST(TwoLevelBootstrap, WithoutBetweenRoundSpreadItIsNotFarWiderThanNeeded) {
  // No round effect: both intervals are about right; the two-level one must not collapse
  // into uselessness (it covers, and is at most ~2x the flat width at R = 8).
  std::mt19937_64 engine(7);
  const RoundSamples data = two_level_data(engine, 8, 10, 100, 0, 3);
  const Interval ci = two_level_median_ci(data);
  const Summary flat = summarize(pooled(data));
  EXPECT_LT(ci.high - ci.low, 2.5 * (flat.ci_high - flat.ci_low));
}

TEST(TwoLevelBootstrap, RatioIntervalCoversOneForIdenticalDistributions) {
  std::mt19937_64 engine(11);
  int covered = 0;
  const int experiments = 400;
  for (int e = 0; e < experiments; ++e) {
    const RoundSamples base = two_level_data(engine, 6, 8, 100, 3, 3);
    const RoundSamples next = two_level_data(engine, 6, 8, 100, 3, 3);
    const Interval ci = two_level_ratio_ci(base, next, 0.95, kTwoLevelSeed + e, 1000);
    if (ci.low <= 1 && 1 <= ci.high) ++covered;
  }
  EXPECT_GE(static_cast<double>(covered) / experiments, 0.92);
}

TEST(TwoLevelBootstrap, SameSeedSameInterval) {
  std::mt19937_64 engine(3);
  const RoundSamples data = two_level_data(engine, 5, 5, 10, 1, 1);
  const Interval a = two_level_median_ci(data);
  const Interval b = two_level_median_ci(data);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
}

TEST(TwoLevelBootstrap, EmptyRoundsAreIgnoredAndOneSampleCollapses) {
  EXPECT_EQ(count_rounds({{}, {1, 2}, {}, {3}}), 2u);
  const Interval one = two_level_median_ci({{}, {4.5}});
  EXPECT_EQ(one.low, 4.5);
  EXPECT_EQ(one.high, 4.5);
  EXPECT_EQ(round_medians({{3, 1, 2}, {}, {10, 20}}), (std::vector<double>{2, 15}));
}

TEST(TwoLevelBootstrap, ExpandedTailIsNarrowerThanNominalForFewReplicates) {
  EXPECT_NEAR(expanded_tail(0.95, 1, 0), 0.025, 1e-12);  // nothing to expand with
  EXPECT_LT(expanded_tail(0.95, 5, 4), 0.005);
  EXPECT_LT(expanded_tail(0.95, 5, 4), expanded_tail(0.95, 20, 19));
  EXPECT_NEAR(expanded_tail(0.95, 1e6, 1e6), 0.025, 1e-3);  // many replicates: nominal
}

// Pinned to values computed outside the code: Phi(-sqrt(r/(r-1)) * t(0.975, df)) with the
// t quantiles of a table (2.7764451052 for 4 degrees of freedom, 2.5705818356 for 5,
// 2.0930240544 for 19, 4.3026527297 for 2, 2.2621571628 for 9). Dropping the sqrt(r/(r-1))
// factor gives 0.00275 for r = 5 and 4 degrees of freedom; one degree more, 0.00203.
TEST(TwoLevelBootstrap, ExpandedTailIsHesterbergsExactly) {
  EXPECT_NEAR(expanded_tail(0.95, 5, 4), 0.00095410055, 1e-10);
  EXPECT_NEAR(expanded_tail(0.95, 5, 5), 0.00202655853, 1e-10);
  EXPECT_NEAR(expanded_tail(0.95, 20, 19), 0.01588082992, 1e-10);
  EXPECT_NEAR(expanded_tail(0.95, 3, 2), 6.8341373e-08, 1e-14);
}

// The intervals' own degrees of freedom: a median over r rounds has r - 1; a ratio the smaller
// side's r and both sides' rounds less 2.
TEST(TwoLevelBootstrap, IntervalsCutTheTailOfTheirRoundsAndDegreesOfFreedom) {
  EXPECT_NEAR(two_level_tail(0.95, 5), 0.00095410055, 1e-10);
  EXPECT_NEAR(two_level_tail(0.95, 20), 0.01588082992, 1e-10);
  EXPECT_NEAR(two_level_ratio_tail(0.95, 5, 6), 0.00571665457, 1e-10);
  EXPECT_NEAR(two_level_ratio_tail(0.95, 6, 5), 0.00571665457, 1e-10);
  EXPECT_NEAR(two_level_tail(0.95, 1), 0.025, 1e-12);  // one round: the nominal tail
}

TEST(SummarizeRounds, SaysWhatItsIntervalRestsOn) {
  const Summary one = summarize_rounds({{1, 2, 3, 4, 5}});
  EXPECT_EQ(one.ci_method, "within-round");
  EXPECT_EQ(one.rounds, 1u);
  EXPECT_FALSE(one.plan.has_value());
  const Summary many = summarize_rounds({{1, 2, 3}, {2, 3, 4}, {3, 4, 5}});
  EXPECT_EQ(many.ci_method, "two-level");
  EXPECT_EQ(many.rounds, 3u);
  EXPECT_EQ(many.n, 9u);
  EXPECT_DOUBLE_EQ(many.median, 3);
  ASSERT_TRUE(many.components.has_value());
  EXPECT_TRUE(many.plan.has_value());
}

TEST(VarianceComponents, SeparatesWithinFromBetween) {
  // Round means 2, 3, 4 (S2^2 = 1); each round's variance 1 (S1^2 = 1); n = 3:
  // T2^2 = 1 - 1/3.
  const VarianceComponents c = variance_components({{1, 2, 3}, {2, 3, 4}, {3, 4, 5}});
  EXPECT_EQ(c.rounds, 3u);
  EXPECT_DOUBLE_EQ(c.iterations, 3);
  EXPECT_DOUBLE_EQ(c.within_var, 1);
  EXPECT_DOUBLE_EQ(c.round_means_var, 1);
  EXPECT_NEAR(c.between_var, 2.0 / 3, 1e-12);
  EXPECT_NEAR(c.between_share, (2.0 / 3) / (2.0 / 3 + 1), 1e-12);
}

TEST(VarianceComponents, EstimatesKnownComponentsOnLargeSimulations) {
  std::mt19937_64 engine(5);
  const RoundSamples data = two_level_data(engine, 400, 20, 100, 2, 5);
  const VarianceComponents c = variance_components(data);
  EXPECT_NEAR(c.within_var, 25, 1.5);
  EXPECT_NEAR(c.between_var, 4, 1);
}

TEST(VarianceComponents, BetweenIsClippedAtZero) {
  const VarianceComponents c = variance_components({{1, 5}, {1, 5}, {1, 5}});
  EXPECT_EQ(c.between_var, 0);
}

TEST(PrecisionPlan, FollowsKaliberaAndJonesCostModel) {
  VarianceComponents c;
  c.rounds = 5;
  c.iterations = 10;
  c.within_var = 4;   // S1^2
  c.between_var = 1;  // T2^2
  // n* = ceil(sqrt(c2 S1^2 / (c1 T2^2))) = ceil(sqrt(100 * 4 / (1 * 1))) = 20.
  const PrecisionPlan plan = plan_precision(c, 100, RoundCosts{1, 100}, 0.025);
  ASSERT_TRUE(plan.iterations.has_value());
  EXPECT_EQ(*plan.iterations, 20);
  // R = ceil(1.96^2 (1 + 4/20) / 2.5^2) = ceil(0.7375...) -> at least 2.
  ASSERT_TRUE(plan.rounds.has_value());
  EXPECT_EQ(*plan.rounds, 2);
  // A tighter target needs more rounds: 1.96^2 * 1.2 / 0.5^2 = 18.4 -> 19.
  EXPECT_EQ(*plan_precision(c, 100, RoundCosts{1, 100}, 0.005).rounds, 19);
  // Unknown costs: no n*, rounds at today's n: 1.96^2 (1 + 0.4) / 0.25 = 21.5 -> 22.
  const PrecisionPlan unknown = plan_precision(c, 100, std::nullopt, 0.005);
  EXPECT_FALSE(unknown.iterations.has_value());
  EXPECT_EQ(*unknown.rounds, 22);
}

}  // namespace
}  // namespace rb::stats
