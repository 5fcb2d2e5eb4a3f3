#include "report/shard_merge.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rb::report {
namespace {

std::string split_of(const RunShard& shard) {
  return fmt::format("{}/{} by {}", shard.index, shard.count, shard.by);
}

// What every shard must share with the first, each difference said with both sources named.
void check_same_run(const ShardRun& first, const ShardRun& other) {
  const RunContext& a = first.run.context;
  const RunContext& b = other.run.context;
  const auto refuse = [&](const std::string& what, const std::string& x, const std::string& y) {
    throw std::runtime_error(fmt::format("{} and {} are not shards of one run: {} {} vs {}",
                                         first.source, other.source, what, x, y));
  };
  if (a.group != b.group) refuse("group", a.group, b.group);
  if (a.plan_sha256 != b.plan_sha256 || first.run.workload != other.run.workload ||
      first.run.plugins != other.run.plugins)
    refuse("config (its hash with the options that change its cells)", a.plan_sha256.substr(0, 12),
           b.plan_sha256.substr(0, 12));
  if (a.shard.count != b.shard.count || a.shard.by != b.shard.by)
    refuse("split", split_of(a.shard), split_of(b.shard));
}

void check_sharded(const ShardRun& shard) {
  if (shard.run.context.group.empty() || !shard.run.context.shard.sharded())
    throw std::runtime_error(fmt::format(
        "{} is not a shard: it was run without --shard (only the shards of one `runner run "
        "--shard I/N` group merge)",
        shard.source));
}

// Distinct values in the order of the shards, joined: "hostA, hostB" when shards ran on two
// hosts, so comparing the merged run with another says the hosts differ (compare flags it).
std::string distinct_joined(const std::vector<ShardRun>& shards, std::string RunContext::*field) {
  std::vector<std::string> seen;
  for (const auto& s : shards) {
    const std::string& value = s.run.context.*field;
    if (std::find(seen.begin(), seen.end(), value) == seen.end()) seen.push_back(value);
  }
  return fmt::format("{}", fmt::join(seen, ", "));
}

template <typename T>
void append_distinct(std::vector<T>& into, const std::vector<T>& from) {
  for (const auto& x : from)
    if (std::find(into.begin(), into.end(), x) == into.end()) into.push_back(x);
}

RunContext merged_context(const std::vector<ShardRun>& shards) {
  RunContext c = shards.front().run.context;
  for (auto field :
       {&RunContext::host, &RunContext::kernel, &RunContext::cpu_model, &RunContext::governor,
        &RunContext::compiler, &RunContext::build_type, &RunContext::git_revision})
    c.*field = distinct_joined(shards, field);
  for (const auto& s : shards) {
    c.started_at = std::min(c.started_at, s.run.context.started_at);
    c.finished_at = std::max(c.finished_at, s.run.context.finished_at);
    if (&s == &shards.front()) continue;
    append_distinct(c.machine_warnings, s.run.context.machine_warnings);
    append_distinct(c.foreign_processes, s.run.context.foreign_processes);
  }
  c.run_id.clear();  // the merged files are a run set of their own: the writer gives one
  c.shard = {};      // every shard's is in RunResult::shards
  return c;
}

}  // namespace

MergedShards merge_shards(std::vector<ShardRun> shards) {
  if (shards.empty()) throw std::runtime_error("nothing to merge: no shards given");
  for (const auto& s : shards) check_sharded(s);
  std::stable_sort(shards.begin(), shards.end(), [](const ShardRun& a, const ShardRun& b) {
    return a.run.context.shard.index < b.run.context.shard.index;
  });
  for (std::size_t i = 1; i < shards.size(); ++i) {
    check_same_run(shards.front(), shards[i]);
    if (shards[i - 1].run.context.shard.index == shards[i].run.context.shard.index)
      throw std::runtime_error(fmt::format("{} and {} are both shard {}: give each shard once",
                                           shards[i - 1].source, shards[i].source,
                                           split_of(shards[i].run.context.shard)));
  }

  std::map<std::size_t, const ShardRun*> owner;  // cell index -> the shard that measured it
  for (const auto& s : shards)
    for (const auto& cell : s.run.cells) {
      const auto [it, added] = owner.try_emplace(cell.cell.index, &s);
      if (!added)
        throw std::runtime_error(
            fmt::format("{} and {} both hold cell {} ({} {}): shards of one run never overlap",
                        it->second->source, s.source, cell.cell.index, cell.cell.plugin,
                        cell.cell.params_label()));
    }

  MergedShards out;
  out.run.context = merged_context(shards);
  out.run.workload = shards.front().run.workload;
  out.run.plugins = shards.front().run.plugins;
  std::set<int> present;
  for (auto& s : shards) {
    present.insert(s.run.context.shard.index);
    for (auto& cell : s.run.cells) {
      cell.shard = s.run.context.shard.index;
      out.run.cells.push_back(std::move(cell));
    }
    s.run.cells.clear();
    out.run.shards.push_back(s.run.context);
  }
  std::sort(out.run.cells.begin(), out.run.cells.end(),
            [](const CellResult& a, const CellResult& b) { return a.cell.index < b.cell.index; });
  for (int i = 1; i <= shards.front().run.context.shard.count; ++i)
    if (present.count(i) == 0) out.missing.push_back(i);
  return out;
}

}  // namespace rb::report
