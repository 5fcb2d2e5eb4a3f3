#include "workload/notify/values.h"

namespace rb::workload {

ValueRange producer_share(std::uint64_t items, std::uint32_t producers, std::uint32_t index) {
  if (producers == 0 || index >= producers) return {};
  const std::uint64_t base = items / producers;
  const std::uint64_t longer = items % producers;
  // Blocks before `index`: each has `base` values, and the first `longer` of them one more.
  const std::uint64_t before = base * index + (index < longer ? index : longer);
  const std::uint64_t count = base + (index < longer ? 1 : 0);
  return {before + 1, before + count};
}

std::uint64_t sum_one_to(std::uint64_t items) {
  // One of items and items + 1 is even: halve that one first.
  if (items % 2 == 0) return (items / 2) * (items + 1);
  return items * ((items + 1) / 2);
}

}  // namespace rb::workload
