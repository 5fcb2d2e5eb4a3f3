#include "workload/notify/values.h"

#include <gtest/gtest.h>

#include <vector>

namespace rb::workload {
namespace {

// Concatenating the shares in producer order must give exactly 1..items.
void ExpectSharesCoverOneToN(std::uint64_t items, std::uint32_t producers) {
  std::uint64_t next = 1;
  std::uint64_t total = 0;
  for (std::uint32_t p = 0; p < producers; ++p) {
    const ValueRange share = producer_share(items, producers, p);
    if (share.size() == 0) continue;
    EXPECT_EQ(share.first, next) << "items " << items << " producers " << producers << " p " << p;
    next = share.last + 1;
    total += share.size();
  }
  EXPECT_EQ(total, items) << "items " << items << " producers " << producers;
  EXPECT_EQ(next, items + 1);
}

TEST(ProducerShare, SharesAreContiguousDisjointAndComplete) {
  for (std::uint64_t items : {1ull, 2ull, 7ull, 100ull, 100'001ull, 10'000'000ull})
    for (std::uint32_t producers : {1u, 2u, 3u, 7u, 64u}) ExpectSharesCoverOneToN(items, producers);
}

TEST(ProducerShare, EarlierSharesTakeTheRemainder) {
  EXPECT_EQ(producer_share(10, 3, 0).size(), 4u);
  EXPECT_EQ(producer_share(10, 3, 1).size(), 3u);
  EXPECT_EQ(producer_share(10, 3, 2).size(), 3u);
  EXPECT_EQ(producer_share(10, 3, 2).first, 8u);
  EXPECT_EQ(producer_share(10, 3, 2).last, 10u);
}

TEST(ProducerShare, MoreProducersThanItemsLeavesSomeEmpty) {
  EXPECT_EQ(producer_share(2, 4, 0).size(), 1u);
  EXPECT_EQ(producer_share(2, 4, 1).size(), 1u);
  EXPECT_EQ(producer_share(2, 4, 2).size(), 0u);
  EXPECT_EQ(producer_share(2, 4, 3).size(), 0u);
  ExpectSharesCoverOneToN(2, 4);
}

TEST(ProducerShare, OutOfRangeIndexIsEmpty) {
  EXPECT_EQ(producer_share(10, 2, 2).size(), 0u);
  EXPECT_EQ(producer_share(10, 0, 0).size(), 0u);
}

TEST(SumOneTo, SmallValues) {
  EXPECT_EQ(sum_one_to(0), 0u);
  EXPECT_EQ(sum_one_to(1), 1u);
  EXPECT_EQ(sum_one_to(100), 5050u);
  EXPECT_EQ(sum_one_to(10'000'000), 50'000'005'000'000u);
}

TEST(SumOneTo, LargestAcceptedItemCountIsExact) {
  // 4e9 * (4e9 + 1) / 2: the product itself would not fit in 64 bits.
  EXPECT_EQ(sum_one_to(kMaxNotifyItems), 8'000'000'002'000'000'000ull);
  EXPECT_EQ(sum_one_to(kMaxNotifyItems - 1), 8'000'000'002'000'000'000ull - kMaxNotifyItems);
}

}  // namespace
}  // namespace rb::workload
