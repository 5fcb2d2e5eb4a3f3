// The statistics tests' sampling: seeded normal samples (the same seed gives the same
// samples), and the coverage check of a 95% bootstrap interval.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace rbtest {

inline std::vector<double> normal_samples(std::uint64_t seed, std::size_t n, double mean,
                                          double sd) {
  std::mt19937_64 engine(seed);
  std::normal_distribution<double> normal(mean, sd);
  std::vector<double> out(n);
  for (double& x : out) x = normal(engine);
  return out;
}

// `covered` of `trials` intervals held the truth: recorded as the test's "coverage" and
// expected in [0.88, 0.99], 95% with room for the Monte Carlo error of a few hundred trials.
inline void expect_coverage(int covered, int trials) {
  const double coverage = static_cast<double>(covered) / trials;
  ::testing::Test::RecordProperty("coverage", std::to_string(coverage));
  EXPECT_GE(coverage, 0.88);
  EXPECT_LE(coverage, 0.99);
}

}  // namespace rbtest
