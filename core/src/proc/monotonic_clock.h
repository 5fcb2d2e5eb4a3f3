// The clock every host-side timestamp is taken on: CLOCK_MONOTONIC in nanoseconds. Inline,
// so a timed loop pays for the clock_gettime call and nothing more.
#pragma once

#include <time.h>

#include <cstdint>

namespace rb::proc {

inline std::uint64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace rb::proc
