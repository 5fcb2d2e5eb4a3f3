// The one resampling primitive every bootstrap here uses, so that an interval depends only on
// the engine's standardised output (std::mt19937_64) and reproduces on every library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>

namespace rb::stats {

// Uniform index in [0, bound) by rejection, not std::uniform_int_distribution, whose
// algorithm differs between standard libraries.
inline std::size_t draw_index(std::mt19937_64& engine, std::uint64_t bound) {
  const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
  for (;;) {
    const std::uint64_t r = engine();
    if (r >= threshold) return static_cast<std::size_t>(r % bound);
  }
}

}  // namespace rb::stats
