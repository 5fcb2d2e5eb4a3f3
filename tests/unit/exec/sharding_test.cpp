// Splitting a plan over N machines (exec/sharding.h): every cell in exactly one shard for any
// N, a point's plugins together unless split by cell, the shards balanced by planned time,
// and the split fixed by the plan alone (a changed hash fails the pinned assignment).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "exec/sharding.h"

namespace rb::exec {
namespace {

config::TestPlan plan_of(const std::string& text) {
  return config::parse_plan(text, "s.toml", nullptr, {});
}

const char* const kFlower = R"(workload = "flower"
plugins = ["libevent2", "raw-epoll", "libev"]
[matrix]
pipes = [100, 1000, 10000]
active = [10, 100]
writes = [100]
)";

// Points of 1 to 40 s: the rr cells' planned time differs by far.
const char* const kRr = R"(workload = "rr"
plugins = ["libevent2", "raw-epoll"]
[run]
repetitions = 3
warmup = 1
rounds = 2
[matrix]
connections = [1, 100, 500]
load_percent = [0, 50]
duration = ["1s", "3s", "10s"]
)";

// Server and client pairs: libevent2/libevent2, raw-epoll/libevent2 at each point.
const char* const kPingpong = R"(workload = "pingpong"
plugins = ["libevent2", "raw-epoll"]
[matrix]
client = ["libevent2"]
sessions = [1, 10]
block_size = [64, 4096]
)";

std::vector<std::size_t> all_shards_cells(const config::TestPlan& plan, int count, ShardBy by) {
  std::vector<std::size_t> seen;
  for (int i = 1; i <= count; ++i) {
    const auto cells = cells_of_shard(plan, {i, count, by});
    EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
    seen.insert(seen.end(), cells.begin(), cells.end());
  }
  std::sort(seen.begin(), seen.end());
  return seen;
}

TEST(Sharding, EveryCellIsInExactlyOneShardForAnyCount) {
  for (const char* text : {kFlower, kRr, kPingpong}) {
    const config::TestPlan plan = plan_of(text);
    std::vector<std::size_t> every(plan.cells().size());
    for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
    for (const ShardBy by : {ShardBy::point, ShardBy::cell})
      for (int count = 1; count <= 40; ++count)
        EXPECT_EQ(all_shards_cells(plan, count, by), every)
            << plan.workload << " by " << to_string(by) << " into " << count;
  }
}

TEST(Sharding, ByPointKeepsEveryPluginOfAPointInOneShard) {
  const config::TestPlan plan = plan_of(kPingpong);
  const auto cells = weighed_cells(plan);
  const auto shard_of = assign_shards(cells, 3, ShardBy::point);
  std::map<std::string, std::set<int>> shards_of_point;
  for (std::size_t i = 0; i < cells.size(); ++i)
    shards_of_point[cells[i].cell.params_label()].insert(shard_of[i]);
  ASSERT_EQ(shards_of_point.size(), 4u);
  for (const auto& [point, shards] : shards_of_point) EXPECT_EQ(shards.size(), 1u) << point;
}

TEST(Sharding, ByCellSplitsAPointsPlugins) {
  const config::TestPlan plan = plan_of(kFlower);  // 6 points of 3 plugins
  const auto cells = weighed_cells(plan);
  const auto shard_of = assign_shards(cells, 18, ShardBy::cell);
  EXPECT_EQ(std::set<int>(shard_of.begin(), shard_of.end()).size(), 18u);
}

// The planned time of each shard: the largest first, each to the least loaded, leaves no
// shard longer than the shortest by more than the longest unit (a point here).
TEST(Sharding, ShardsAreBalancedByPlannedTime) {
  const config::TestPlan plan = plan_of(kRr);
  const auto cells = weighed_cells(plan);
  ASSERT_GT(cells.front().weight.count(), 0);
  for (const ShardBy by : {ShardBy::point, ShardBy::cell})
    for (int count = 2; count <= 6; ++count) {
      const auto shard_of = assign_shards(cells, count, by);
      std::vector<std::int64_t> load(static_cast<std::size_t>(count), 0);
      std::map<std::string, std::int64_t> unit;
      for (std::size_t i = 0; i < cells.size(); ++i) {
        load[static_cast<std::size_t>(shard_of[i] - 1)] += cells[i].weight.count();
        unit[shard_identity(cells[i].cell, by)] += cells[i].weight.count();
      }
      std::int64_t largest = 0;
      for (const auto& [identity, weight] : unit) largest = std::max(largest, weight);
      const auto [least, most] = std::minmax_element(load.begin(), load.end());
      EXPECT_LE(*most - *least, largest) << to_string(by) << " into " << count;
    }
}

// A planned time is the workload's (iterations x duration, plus drain): 10 s points weigh
// more than 1 s ones, and all rounds count.
TEST(Sharding, CellsWeighTheirPlannedTimeOverAllRounds) {
  const config::TestPlan plan = plan_of(kRr);
  std::map<std::string, std::int64_t> by_duration;
  for (const auto& c : weighed_cells(plan))
    if (c.cell.get_int("connections") == 1 && c.cell.get_int("load_percent") == 0)
      by_duration[c.cell.get_string("duration")] = c.weight.count();
  ASSERT_EQ(by_duration.size(), 3u);
  EXPECT_LT(by_duration["1s"], by_duration["3s"]);
  EXPECT_LT(by_duration["3s"], by_duration["10s"]);
  EXPECT_GE(by_duration["10s"], 2 * 4 * 10'000);  // 2 rounds x 4 iterations x 10 s
}

// flower runs iterations, not a time: every cell weighs the same, and the shards differ by
// at most one unit.
TEST(Sharding, CellsOfUnknownTimeWeighAlike) {
  const config::TestPlan plan = plan_of(kFlower);
  for (int count = 1; count <= 7; ++count) {
    std::vector<std::size_t> sizes;
    for (int i = 1; i <= count; ++i)
      sizes.push_back(cells_of_shard(plan, {i, count, ShardBy::cell}).size());
    const auto [least, most] = std::minmax_element(sizes.begin(), sizes.end());
    EXPECT_LE(*most - *least, 1u) << count;
  }
}

TEST(Sharding, Fnv1aIsTheStandardOne) {
  EXPECT_EQ(fnv1a_64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a_64("foobar"), 0x85944171f73967e8ULL);
}

// Pinned: the same plan splits the same way in every build. A change of the hash, the
// identity or the dealing changes these, and shards of runners of two builds would overlap.
TEST(Sharding, TheSplitOfASmallPlanIsFixed) {
  const config::TestPlan plan = plan_of(kFlower);
  const auto cells = weighed_cells(plan);
  const auto by_cell = assign_shards(cells, 4, ShardBy::cell);
  const auto by_point = assign_shards(cells, 4, ShardBy::point);
  EXPECT_EQ(by_cell, (std::vector<int>{1, 3, 4, 4, 1, 2, 1, 1, 3, 2, 1, 2, 4, 3, 2, 2, 4, 3}));
  EXPECT_EQ(by_point, (std::vector<int>{2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 1, 1, 3, 3, 3, 4, 4, 4}));
}

TEST(Sharding, IdentityNamesWorkloadPluginAndParameters) {
  const config::TestPlan plan = plan_of(kFlower);
  const CellSpec cell = plan.cells().at(1);
  EXPECT_EQ(shard_identity(cell, ShardBy::cell),
            "flower\x1fraw-epoll\x1fpipes=100\x1f"
            "active=10\x1fwrites=100\x1ftransport=socketpair");
  EXPECT_EQ(shard_identity(cell, ShardBy::point),
            "flower\x1fpipes=100\x1f"
            "active=10\x1fwrites=100\x1ftransport=socketpair");
}

TEST(Sharding, ShardByHasTwoNames) {
  EXPECT_EQ(shard_by_named("point"), ShardBy::point);
  EXPECT_EQ(shard_by_named("cell"), ShardBy::cell);
  EXPECT_EQ(shard_by_named("plugin"), std::nullopt);
}

}  // namespace
}  // namespace rb::exec
