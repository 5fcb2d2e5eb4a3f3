// A log-linear latency histogram in the manner of HdrHistogram: values (nanoseconds) below
// 2^kSubBits are exact; above, each power-of-two range is cut into 2^(kSubBits-1) equal
// buckets, so every recorded value is known to within 1/128 (0.8%) of itself. Fixed memory, O(1)
// record, exact merge: what a load generator thread needs per request and what lets the
// rounds of a cell be merged into one distribution.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace rb::stats {

class LatencyHistogram {
 public:
  static constexpr int kSubBits = 8;
  // 2^42 ns is 73 minutes: anything longer is clamped (and still counted, and max is exact).
  static constexpr int kMaxBits = 42;
  static constexpr std::size_t kBucketCount =
      (std::size_t{1} << kSubBits) +
      (static_cast<std::size_t>(kMaxBits - kSubBits) << (kSubBits - 1));

  // (bucket index, count) for the non-empty buckets, ascending: how a histogram travels.
  using Sparse = std::vector<std::pair<std::uint32_t, std::uint64_t>>;

  LatencyHistogram();

  void record(std::uint64_t value_ns);
  void merge(const LatencyHistogram& other);

  std::uint64_t count() const { return count_; }
  std::uint64_t max() const { return max_; }  // exact; 0 when empty
  std::uint64_t min() const { return count_ == 0 ? 0 : min_; }
  double mean() const;
  // The value below which `percentile` (0..100] of the recorded values fall: the highest
  // value of the bucket holding that rank (never more than max()). 0 when empty.
  std::uint64_t value_at_percentile(double percentile) const;

  Sparse to_sparse() const;
  // Throws std::invalid_argument for an index out of range.
  static LatencyHistogram from_sparse(const Sparse& sparse);

  static std::size_t bucket_of(std::uint64_t value_ns);
  static std::uint64_t lowest_in(std::size_t bucket);
  static std::uint64_t highest_in(std::size_t bucket);

 private:
  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
  std::uint64_t min_ = UINT64_MAX;
  long double sum_ = 0;
};

}  // namespace rb::stats
