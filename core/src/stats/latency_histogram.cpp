#include "stats/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rb::stats {
namespace {

constexpr std::uint64_t kSubCount = std::uint64_t{1} << LatencyHistogram::kSubBits;
constexpr std::uint64_t kLargestTracked = (std::uint64_t{1} << LatencyHistogram::kMaxBits) - 1;

}  // namespace

LatencyHistogram::LatencyHistogram() : buckets_(kBucketCount, 0) {}

// Layout: buckets [0, 2^k) hold one value each. Above, a value with its top bit at t >= k
// lands in octave shift = t - k + 1, whose 2^(k-1) buckets are 2^shift wide: the value's k
// leading bits (top bit dropped) pick the bucket.
std::size_t LatencyHistogram::bucket_of(std::uint64_t value_ns) {
  const std::uint64_t v = std::min(value_ns, kLargestTracked);
  if (v < kSubCount) return static_cast<std::size_t>(v);
  const int top_bit = 63 - std::countl_zero(v);            // >= kSubBits
  const int shift = top_bit - (kSubBits - 1);              // >= 1
  const std::uint64_t sub = (v >> shift) - kSubCount / 2;  // [0, 2^(k-1))
  return static_cast<std::size_t>(
      kSubCount + (static_cast<std::uint64_t>(shift - 1) << (LatencyHistogram::kSubBits - 1)) +
      sub);
}

std::uint64_t LatencyHistogram::lowest_in(std::size_t bucket) {
  if (bucket < kSubCount) return bucket;
  const std::uint64_t rest = bucket - kSubCount;
  const int shift = static_cast<int>(rest >> (kSubBits - 1)) + 1;
  const std::uint64_t sub = rest & (kSubCount / 2 - 1);
  return (sub + kSubCount / 2) << shift;
}

std::uint64_t LatencyHistogram::highest_in(std::size_t bucket) {
  if (bucket < kSubCount) return bucket;
  const std::uint64_t rest = bucket - kSubCount;
  const int shift = static_cast<int>(rest >> (kSubBits - 1)) + 1;
  return lowest_in(bucket) + (std::uint64_t{1} << shift) - 1;
}

void LatencyHistogram::record(std::uint64_t value_ns) {
  ++buckets_[bucket_of(value_ns)];
  ++count_;
  max_ = std::max(max_, value_ns);
  min_ = std::min(min_, value_ns);
  sum_ += static_cast<long double>(value_ns);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (std::size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
  min_ = std::min(min_, other.min_);
  sum_ += other.sum_;
}

double LatencyHistogram::mean() const {
  return count_ == 0 ? 0.0 : static_cast<double>(sum_ / static_cast<long double>(count_));
}

std::uint64_t LatencyHistogram::value_at_percentile(double percentile) const {
  if (count_ == 0) return 0;
  const double clamped = std::clamp(percentile, 0.0, 100.0);
  // The rank of the value: at least 1, so p0 is the smallest value's bucket.
  // Multiplied before dividing, and a hair below the product: 99.9% of 1000 is rank 999,
  // not the 1000 that 99.9 / 100 * 1000 = 999.0000000000001 would round up to.
  const auto rank = std::max<std::uint64_t>(
      1,
      static_cast<std::uint64_t>(std::ceil(clamped * static_cast<double>(count_) / 100.0 - 1e-9)));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= rank) return std::min(highest_in(i), max_);
  }
  return max_;
}

LatencyHistogram::Sparse LatencyHistogram::to_sparse() const {
  Sparse out;
  for (std::size_t i = 0; i < buckets_.size(); ++i)
    if (buckets_[i] != 0) out.emplace_back(static_cast<std::uint32_t>(i), buckets_[i]);
  return out;
}

LatencyHistogram LatencyHistogram::from_sparse(const Sparse& sparse) {
  LatencyHistogram h;
  for (const auto& [index, n] : sparse) {
    if (index >= kBucketCount)
      throw std::invalid_argument("latency histogram bucket " + std::to_string(index) +
                                  " is out of range");
    if (n == 0) continue;
    h.buckets_[index] += n;
    h.count_ += n;
    // Only bucket bounds survive the trip: min, max and the sum are those of the buckets.
    h.min_ = std::min(h.min_, lowest_in(index));
    h.max_ = std::max(h.max_, highest_in(index));
    h.sum_ += static_cast<long double>(lowest_in(index) + highest_in(index)) / 2 * n;
  }
  return h;
}

}  // namespace rb::stats
