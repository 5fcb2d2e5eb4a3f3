#include "stats/latency_histogram.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace rb::stats {
namespace {

TEST(LatencyHistogram, SmallValuesAreExact) {
  for (std::uint64_t v = 0; v < 256; ++v) {
    EXPECT_EQ(LatencyHistogram::lowest_in(LatencyHistogram::bucket_of(v)), v);
    EXPECT_EQ(LatencyHistogram::highest_in(LatencyHistogram::bucket_of(v)), v);
  }
}

TEST(LatencyHistogram, EveryValueLiesInItsBucketWithinOnePart128) {
  std::mt19937_64 random(42);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t v = random() >> (random() % 40 + 24);
    const std::size_t b = LatencyHistogram::bucket_of(v);
    ASSERT_LT(b, LatencyHistogram::kBucketCount);
    const std::uint64_t lo = LatencyHistogram::lowest_in(b);
    const std::uint64_t hi = LatencyHistogram::highest_in(b);
    ASSERT_LE(lo, v);
    ASSERT_GE(hi, v);
    ASSERT_LE(static_cast<double>(hi - lo), static_cast<double>(v) / 128.0 + 1) << v;
  }
}

TEST(LatencyHistogram, BucketsTileTheRangeWithoutGaps) {
  for (std::size_t b = 1; b < LatencyHistogram::kBucketCount; ++b)
    ASSERT_EQ(LatencyHistogram::lowest_in(b), LatencyHistogram::highest_in(b - 1) + 1) << b;
}

TEST(LatencyHistogram, HugeValuesClampToTheLastBucketButKeepTheExactMax) {
  LatencyHistogram h;
  h.record(UINT64_MAX / 2);
  EXPECT_EQ(LatencyHistogram::bucket_of(UINT64_MAX), LatencyHistogram::kBucketCount - 1);
  EXPECT_EQ(h.max(), UINT64_MAX / 2);
  EXPECT_EQ(h.value_at_percentile(100), LatencyHistogram::highest_in(h.kBucketCount - 1));
}

TEST(LatencyHistogram, PercentilesOfAUniformRun) {
  LatencyHistogram h;
  for (std::uint64_t v = 1; v <= 100; ++v) h.record(v * 1000);  // 1..100 us
  EXPECT_EQ(h.count(), 100u);
  EXPECT_EQ(h.min(), 1000u);
  EXPECT_EQ(h.max(), 100000u);
  EXPECT_DOUBLE_EQ(h.mean(), 50500.0);
  // The 50th value is 50 us; the answer is its bucket's top, within 1/128 above it.
  EXPECT_GE(h.value_at_percentile(50), 50000u);
  EXPECT_LE(h.value_at_percentile(50), 50000u + 50000u / 128);
  EXPECT_GE(h.value_at_percentile(99), 99000u);
  EXPECT_LE(h.value_at_percentile(99), 99000u + 99000u / 128);
  EXPECT_EQ(h.value_at_percentile(100), 100000u);  // never above the exact max
  EXPECT_GE(h.value_at_percentile(0), 1000u);
  EXPECT_LE(h.value_at_percentile(0), 1000u + 1000u / 128);
}

TEST(LatencyHistogram, AnIntegralRankIsNotRoundedUpByFloatingPoint) {
  LatencyHistogram h;
  for (std::uint64_t v = 1; v <= 1000; ++v) h.record(v * 1000);
  // 99.9% of 1000 values is the 999th: 999 us, whose bucket ends below the 1000 us max.
  EXPECT_LT(h.value_at_percentile(99.9), 1000000u);
  EXPECT_GE(h.value_at_percentile(99.9), 999000u);
}

TEST(LatencyHistogram, EmptyIsAllZero) {
  const LatencyHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.value_at_percentile(99), 0u);
  EXPECT_EQ(h.max(), 0u);
  EXPECT_EQ(h.min(), 0u);
  EXPECT_TRUE(h.to_sparse().empty());
}

TEST(LatencyHistogram, MergeEqualsRecordingEverythingInOne) {
  LatencyHistogram a, b, both;
  for (std::uint64_t v = 0; v < 5000; v += 7) {
    (v % 2 ? a : b).record(v * 313);
    both.record(v * 313);
  }
  a.merge(b);
  EXPECT_EQ(a.to_sparse(), both.to_sparse());
  EXPECT_EQ(a.count(), both.count());
  EXPECT_EQ(a.max(), both.max());
  EXPECT_EQ(a.min(), both.min());
}

TEST(LatencyHistogram, SparseRoundTripKeepsBucketsAndPercentiles) {
  LatencyHistogram h;
  for (std::uint64_t v = 1; v < 200000; v = v * 3 / 2 + 1) h.record(v);
  const LatencyHistogram back = LatencyHistogram::from_sparse(h.to_sparse());
  EXPECT_EQ(back.to_sparse(), h.to_sparse());
  EXPECT_EQ(back.count(), h.count());
  for (double p : {50.0, 90.0}) EXPECT_EQ(back.value_at_percentile(p), h.value_at_percentile(p));
  // The exact max does not travel: in the top bucket the answer is that bucket's top.
  EXPECT_EQ(back.max(), LatencyHistogram::highest_in(LatencyHistogram::bucket_of(h.max())));
  EXPECT_GE(back.value_at_percentile(100), h.value_at_percentile(100));
}

TEST(LatencyHistogram, SparseWithAnIndexOutOfRangeIsRejected) {
  EXPECT_THROW(LatencyHistogram::from_sparse(
                   {{static_cast<std::uint32_t>(LatencyHistogram::kBucketCount), 1}}),
               std::invalid_argument);
}

}  // namespace
}  // namespace rb::stats
