#include "exec/sharding.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "workload/registry.h"

namespace rb::exec {
namespace {

struct Unit {
  std::string identity;
  std::uint64_t hash = 0;
  std::int64_t weight_ms = 0;
  std::vector<std::size_t> members;  // positions in the cells given
};

// A cell of unknown time weighs what the known ones do on average; when none is known,
// every cell weighs the same.
std::vector<std::int64_t> weights_ms(const std::vector<ShardCell>& cells) {
  std::int64_t known_total = 0;
  std::int64_t known = 0;
  for (const auto& c : cells)
    if (c.weight.count() > 0) {
      known_total += c.weight.count();
      ++known;
    }
  const std::int64_t unknown_weight =
      known > 0 ? std::max<std::int64_t>(known_total / known, 1) : 1;
  std::vector<std::int64_t> out;
  out.reserve(cells.size());
  for (const auto& c : cells)
    out.push_back(c.weight.count() > 0 ? c.weight.count() : unknown_weight);
  return out;
}

std::vector<Unit> units_of(const std::vector<ShardCell>& cells, ShardBy by) {
  const std::vector<std::int64_t> weights = weights_ms(cells);
  std::map<std::string, std::size_t> by_identity;
  std::vector<Unit> units;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    std::string identity = shard_identity(cells[i].cell, by);
    auto [it, added] = by_identity.try_emplace(identity, units.size());
    if (added) {
      Unit unit;
      unit.hash = fnv1a_64(identity);
      unit.identity = std::move(identity);
      units.push_back(std::move(unit));
    }
    Unit& unit = units[it->second];
    unit.weight_ms += weights[i];
    unit.members.push_back(i);
  }
  return units;
}

}  // namespace

const char* to_string(ShardBy by) {
  return by == ShardBy::point ? "point" : "cell";
}

std::optional<ShardBy> shard_by_named(std::string_view name) {
  if (name == "point") return ShardBy::point;
  if (name == "cell") return ShardBy::cell;
  return std::nullopt;
}

std::uint64_t fnv1a_64(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string shard_identity(const CellSpec& cell, ShardBy by) {
  // Separators that no name or value of a plan holds, so two identities never run together.
  std::string out = cell.workload;
  if (by == ShardBy::cell) out += '\x1f' + cell.plugin;
  for (const auto& p : cell.params) out += '\x1f' + p.name + '=' + rb::to_string(p.value);
  return out;
}

// Largest first (the longest-processing-time rule: the longest shard is within a third of
// the best possible), each to the shard with the least time so far (the lowest of equals).
std::vector<int> assign_shards(const std::vector<ShardCell>& cells, int count, ShardBy by) {
  std::vector<Unit> units = units_of(cells, by);
  std::sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) {
    return std::tie(b.weight_ms, a.hash, a.identity) < std::tie(a.weight_ms, b.hash, b.identity);
  });
  std::vector<std::int64_t> load(static_cast<std::size_t>(count), 0);
  std::vector<int> shard_of(cells.size(), 0);
  for (const Unit& unit : units) {
    const auto least = std::min_element(load.begin(), load.end());
    *least += unit.weight_ms;
    const int shard = static_cast<int>(least - load.begin()) + 1;
    for (const std::size_t i : unit.members) shard_of[i] = shard;
  }
  return shard_of;
}

std::vector<ShardCell> weighed_cells(const config::TestPlan& plan) {
  const workload::Workload* workload = workload::find_workload(plan.workload);
  const int iterations = plan.run.warmup + plan.run.repetitions;
  std::vector<ShardCell> out;
  for (auto& cell : plan.cells()) {
    ShardCell c;
    if (workload != nullptr) c.weight = workload->planned_time(cell, iterations) * plan.run.rounds;
    c.cell = std::move(cell);
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::size_t> cells_of_shard(const config::TestPlan& plan, const ShardChoice& shard) {
  const std::vector<ShardCell> cells = weighed_cells(plan);
  const std::vector<int> shard_of = assign_shards(cells, shard.count, shard.by);
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (shard_of[i] == shard.index) out.push_back(cells[i].cell.index);
  return out;
}

}  // namespace rb::exec
