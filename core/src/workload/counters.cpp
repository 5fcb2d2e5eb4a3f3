#include "workload/counters.h"

#include <fmt/format.h>

#include "model/cell_failure.h"

namespace rb::workload {

std::uint64_t required_counter(const plugin::Counters& counters, const char* who,
                               const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("{} did not report the required counter '{}'", who, name));
  return it->second;
}

std::uint64_t counter_total(const std::vector<Sample>& samples, const char* name) {
  std::uint64_t total = 0;
  for (const auto& sample : samples)
    if (const auto it = sample.counters.find(name); it != sample.counters.end())
      total += it->second;
  return total;
}

}  // namespace rb::workload
