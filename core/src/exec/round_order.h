// The order in which one round runs the plan's cells. A fixed A B C order would give every
// round's first plugin the same place in the machine's drift (warming caches, a frequency
// ramp, a neighbour starting up): a bias no number of rounds averages out. Each round runs
// the plugins of every matrix point in a seeded random order instead, so the drift lands on
// each plugin alike across rounds, and the seed, recorded with the run, replays the order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/results.h"

namespace rb::exec {

// The plan's cell indices (0..cell_count-1, points of `per_point` consecutive cells, as
// TestPlan::cells() lays them out) in the order round `round` runs them: points in plan
// order, the cells of each point shuffled. A pure function of its arguments, the same on
// every platform and standard library (it uses no std distribution or std::shuffle, whose
// results are implementation-defined).
std::vector<std::size_t> round_order(std::size_t cell_count, std::size_t per_point,
                                     std::uint64_t seed, int round);

// round_order restricted to the cells a run measures (a shard's, exec/sharding.h), as
// positions in `cells` (whose CellSpec::index are cells of the whole plan): a shard runs its
// cells in the order the whole run would.
std::vector<std::size_t> shard_round_order(const std::vector<CellResult>& cells,
                                           std::size_t plan_cells, std::size_t per_point,
                                           std::uint64_t seed, int round);

// A fresh seed for a run whose config names none: 32 bits of std::random_device, so a
// recorded seed is short enough to be typed back as `[run] order_seed`.
std::uint64_t draw_order_seed();

}  // namespace rb::exec
