// Splitting a plan's cells over the machines of a fleet (`runner run --shard I/N`, issue 17):
// each machine runs one shard, and any machine computes the same split from the plan alone,
// so N jobs started by a scheduler need to agree on nothing but I and N.
//
// The unit of the split is a point (all plugins of one matrix point, the default: the ratios
// between plugins at a point are then measured on one machine) or a single cell. Units are
// weighed by their planned time (Workload::planned_time x rounds; a workload that runs a
// number of iterations has none, and its units weigh alike) and dealt out largest first, each
// to the shard with the least time so far: N machines finish close together. Ties are broken
// by a stable hash of the unit's identity (FNV-1a of workload, plugin, parameters: the same
// in every build, unlike std::hash), so the split depends on nothing but the plan. Every cell
// is in exactly one shard for any N, and all rounds of a cell stay in its shard.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/test_plan.h"
#include "model/cell.h"

namespace rb::exec {

enum class ShardBy { point, cell };
const char* to_string(ShardBy by);
std::optional<ShardBy> shard_by_named(std::string_view name);

// 64-bit FNV-1a: fixed by its definition (offset basis 14695981039346656037, prime
// 1099511628211), the same on every platform and build.
std::uint64_t fnv1a_64(std::string_view text);

// What a unit of the split is hashed by: "workload|plugin|name=value|..." for a cell,
// without the plugin for a point (the parameters in the plan's axis order).
std::string shard_identity(const CellSpec& cell, ShardBy by);

// A cell to split: its identity and what it weighs (its planned time, 0: unknown).
struct ShardCell {
  CellSpec cell;
  std::chrono::milliseconds weight{0};
};

// The shard (1..count) of each cell, in the order given. count >= 1.
std::vector<int> assign_shards(const std::vector<ShardCell>& cells, int count, ShardBy by);

// The plan's cells with their planned time over all rounds (the workload's planned_time).
std::vector<ShardCell> weighed_cells(const config::TestPlan& plan);

// Shard `index` (1-based) of `count`, split by `by`.
struct ShardChoice {
  int index = 1;
  int count = 1;
  ShardBy by = ShardBy::point;
};

// The indices (CellSpec::index) of the plan's cells in `shard`, ascending.
std::vector<std::size_t> cells_of_shard(const config::TestPlan& plan, const ShardChoice& shard);

}  // namespace rb::exec
