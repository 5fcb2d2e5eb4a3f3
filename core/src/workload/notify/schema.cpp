#include "workload/notify/entry.h"

namespace rb::workload::notify {

WorkloadSchema schema() {
  // --quick hands over a million items rather than ten: seconds per cell, not minutes.
  AxisSchema items = integer_axis("items", 1, 4'000'000'000, {std::int64_t{10'000'000}},
                                  "values posted per iteration, 1..items in total");
  items.quick_values = {std::int64_t{1'000'000}};
  return WorkloadSchema{
      "notify",
      "cross-thread hand-off (seed 004): host producer threads post 1..items to the plugin's "
      "consumer, which must take each exactly once (count and sum checked); first post to end "
      "of finish timed",
      {
          items,
          integer_axis("producers", 1, 64, {std::int64_t{1}},
                       "host threads posting concurrently, each a contiguous share of 1..items"),
          integer_axis("producer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu every producer thread is pinned to; -1 leaves them unpinned"),
          integer_axis("consumer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu the plugin pins its consumer thread to; -1 leaves it unpinned"),
      }};
}

}  // namespace rb::workload::notify
