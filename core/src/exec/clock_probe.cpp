#include "exec/clock_probe.h"

#include <time.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace rb::exec {
namespace {

constexpr int kPairs = 100'000;
constexpr int kReads = 100'000;

std::int64_t now_ns() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

}  // namespace

ClockFacts measure_monotonic_clock() {
  ClockFacts out;
  std::int64_t step = std::numeric_limits<std::int64_t>::max();
  for (int i = 0; i < kPairs; ++i) {
    const std::int64_t a = now_ns();
    const std::int64_t b = now_ns();
    if (b > a) step = std::min(step, b - a);
  }
  timespec res{};
  const double declared =
      ::clock_getres(CLOCK_MONOTONIC, &res) == 0
          ? static_cast<double>(res.tv_sec) * 1e9 + static_cast<double>(res.tv_nsec)
          : 0.0;
  out.resolution_ns = std::max(
      declared, step == std::numeric_limits<std::int64_t>::max() ? 0.0 : static_cast<double>(step));

  const std::int64_t start = now_ns();
  for (int i = 0; i < kReads; ++i) now_ns();
  out.overhead_ns = static_cast<double>(now_ns() - start) / (kReads + 1);
  return out;
}

}  // namespace rb::exec
