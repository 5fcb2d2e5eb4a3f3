// The numbers the notify workload hands out and checks: how 1..items is split among the
// producers, and the checksum a consumer that took every item exactly once must reach.
#pragma once

#include <cstdint>

namespace rb::workload {

// Inclusive range of values; empty when first > last.
struct ValueRange {
  std::uint64_t first = 1;
  std::uint64_t last = 0;

  std::uint64_t size() const { return last >= first ? last - first + 1 : 0; }
};

// Producer `index` of `producers` posts this contiguous block. The blocks are disjoint and
// together cover exactly 1..items; the first `items % producers` blocks are one longer.
ValueRange producer_share(std::uint64_t items, std::uint32_t producers, std::uint32_t index);

// 1 + 2 + ... + items without overflowing the intermediate product (exact while the result
// fits in 64 bits, i.e. items <= 6,074,000,999).
std::uint64_t sum_one_to(std::uint64_t items);

// The largest `items` the workload accepts: its checksum must fit in 64 bits with room to
// spare, so a plugin's wrapped sum cannot pass for the right one.
inline constexpr std::uint64_t kMaxNotifyItems = 4'000'000'000ULL;

}  // namespace rb::workload
