#include "exec/round_order.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>

namespace rb::exec {
namespace {

// SplitMix64 (Steele, Lea and Flood 2014): a tiny generator whose output is fixed by its
// definition, unlike std::mt19937_64 fed through a std distribution.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t state) : state_(state) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) without modulo bias: draws in the incomplete last block of 2^64
  // are rejected and redrawn.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
    std::uint64_t value = next();
    while (value >= limit) value = next();
    return value % bound;
  }

 private:
  std::uint64_t state_;
};

// Each round gets a stream of its own, so round r's order does not depend on how many
// draws earlier rounds made (and a test can check one round alone).
SplitMix64 round_stream(std::uint64_t seed, int round) {
  SplitMix64 mixer(seed);
  const std::uint64_t base = mixer.next();
  SplitMix64 per_round(base ^ (0xd1b54a32d192ed03ULL * (static_cast<std::uint64_t>(round) + 1)));
  per_round.next();  // one draw to spread the xor over every bit of the state
  return per_round;
}

}  // namespace

// Why within a point rather than the whole round: the verdict that matters most, plugin
// against plugin (or build against build) in one run, compares the cells of one point. Kept
// side by side, they run seconds apart, so slow drift over a round barely separates them;
// shuffled within the point, which of them meets the drift first changes from round to
// round. A whole-round shuffle would also randomise who goes first, but would put a point's
// plugins up to a whole round apart and add all of the round's drift to every comparison.
std::vector<std::size_t> round_order(std::size_t cell_count, std::size_t per_point,
                                     std::uint64_t seed, int round) {
  std::vector<std::size_t> order(cell_count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (per_point < 2) return order;
  SplitMix64 rng = round_stream(seed, round);
  for (std::size_t start = 0; start < cell_count; start += per_point) {
    const std::size_t size = std::min(per_point, cell_count - start);
    // Fisher-Yates, from the back: every permutation of the point's cells equally likely.
    for (std::size_t i = size; i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(rng.below(i));
      std::swap(order[start + i - 1], order[start + j]);
    }
  }
  return order;
}

std::vector<std::size_t> shard_round_order(const std::vector<CellResult>& cells,
                                           std::size_t plan_cells, std::size_t per_point,
                                           std::uint64_t seed, int round) {
  std::vector<std::size_t> position(plan_cells, cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) position[cells[i].cell.index] = i;
  std::vector<std::size_t> order;
  order.reserve(cells.size());
  for (const std::size_t index : round_order(plan_cells, per_point, seed, round))
    if (position[index] < cells.size()) order.push_back(position[index]);
  return order;
}

std::uint64_t draw_order_seed() {
  std::random_device device;
  return device();
}

}  // namespace rb::exec
