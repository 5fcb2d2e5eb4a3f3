// The shards of one run put back together: from their results directories (`runner merge`)
// and from the store (`group:ID`), every cell once in plan order with the shard and host it
// was measured on; shards of another run, or overlapping ones, refused naming both.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "../../support/what_thrown.h"
#include "cli/merge_command.h"
#include "cli/run_source.h"
#include "model/json_codec.h"
#include "report/results_dir.h"
#include "report/shard_merge.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::report {
namespace {

using rb::testing::TempDir;

// Shard `index` of `count` of the synthetic run (4 cells): the cells `indices`, on `host`.
RunResult shard_of(int index, int count, std::vector<std::size_t> indices,
                   const std::string& host = "host-a", const std::string& group = "nightly-7") {
  RunResult run = rb::testing::synthetic_flower_run({});
  std::vector<CellResult> kept;
  for (auto& cell : run.cells)
    if (std::find(indices.begin(), indices.end(), cell.cell.index) != indices.end())
      kept.push_back(std::move(cell));
  run.cells = std::move(kept);
  run.context.host = host;
  run.context.group = group;
  run.context.plan_sha256 = "5a5a";
  run.context.shard = {index, count, "point"};
  run.context.started_at = "2026-03-01T02:0" + std::to_string(index) + ":00Z";
  run.context.finished_at = "2026-03-01T02:1" + std::to_string(index) + ":00Z";
  return run;
}

std::string merge_error(std::vector<ShardRun> shards) {
  return rbtest::what_thrown<std::runtime_error>([&] { merge_shards(std::move(shards)); });
}

std::vector<std::size_t> indices_of(const RunResult& run) {
  std::vector<std::size_t> out;
  for (const auto& cell : run.cells) out.push_back(cell.cell.index);
  return out;
}

TEST(ShardMerge, CellsInPlanOrderEachWithItsShardAndEveryShardsContext) {
  const MergedShards merged = merge_shards(
      {{"b", shard_of(2, 2, {1, 2}, "host-b")}, {"a", shard_of(1, 2, {0, 3}, "host-a")}});
  EXPECT_EQ(indices_of(merged.run), (std::vector<std::size_t>{0, 1, 2, 3}));
  std::vector<int> shards;
  for (const auto& cell : merged.run.cells) shards.push_back(cell.shard);
  EXPECT_EQ(shards, (std::vector<int>{1, 2, 2, 1}));
  ASSERT_EQ(merged.run.shards.size(), 2u);
  EXPECT_EQ(merged.run.shards[0].host, "host-a");
  EXPECT_EQ(merged.run.shards[1].host, "host-b");
  EXPECT_EQ(merged.run.shards[1].shard.index, 2);
  // Two hosts: said in the merged context, so compare flags a baseline of other hosts.
  EXPECT_EQ(merged.run.context.host, "host-a, host-b");
  EXPECT_EQ(merged.run.context.cpu_model, "Test CPU");
  EXPECT_EQ(merged.run.context.started_at, "2026-03-01T02:01:00Z");
  EXPECT_EQ(merged.run.context.finished_at, "2026-03-01T02:12:00Z");
  EXPECT_EQ(merged.run.context.group, "nightly-7");
  EXPECT_FALSE(merged.run.context.shard.sharded());
  EXPECT_TRUE(merged.missing.empty());
  // Every sample came along.
  EXPECT_EQ(merged.run.cells[2].samples.size(),
            rb::testing::synthetic_flower_run({}).cells[2].samples.size());
}

TEST(ShardMerge, AMissingShardIsSaidNotRefused) {
  const MergedShards merged =
      merge_shards({{"a", shard_of(1, 3, {0})}, {"c", shard_of(3, 3, {3})}});
  EXPECT_EQ(merged.missing, (std::vector<int>{2}));
  EXPECT_EQ(indices_of(merged.run), (std::vector<std::size_t>{0, 3}));
}

TEST(ShardMerge, ShardsOfAnotherGroupAreRefusedNamingBoth) {
  EXPECT_EQ(merge_error({{"dir-a", shard_of(1, 2, {0, 1})},
                         {"dir-b", shard_of(2, 2, {2, 3}, "host-a", "nightly-8")}}),
            "dir-a and dir-b are not shards of one run: group nightly-7 vs nightly-8");
}

TEST(ShardMerge, ShardsOfAnotherConfigAreRefusedNamingBoth) {
  RunResult other = shard_of(2, 2, {2, 3});
  other.context.plan_sha256 = "6b6b";
  EXPECT_EQ(merge_error({{"dir-a", shard_of(1, 2, {0, 1})}, {"dir-b", other}}),
            "dir-a and dir-b are not shards of one run: config (its hash with the options that "
            "change its cells) 5a5a vs 6b6b");
}

TEST(ShardMerge, ShardsOfAnotherSplitAreRefusedNamingBoth) {
  EXPECT_EQ(merge_error({{"dir-a", shard_of(1, 2, {0, 1})}, {"dir-b", shard_of(2, 3, {2, 3})}}),
            "dir-a and dir-b are not shards of one run: split 1/2 by point vs 2/3 by point");
}

TEST(ShardMerge, TheSameShardTwiceIsRefusedNamingBoth) {
  EXPECT_EQ(merge_error({{"dir-a", shard_of(1, 2, {0, 1})}, {"dir-a2", shard_of(1, 2, {0, 1})}}),
            "dir-a and dir-a2 are both shard 1/2 by point: give each shard once");
}

TEST(ShardMerge, OverlappingCellsAreRefusedNamingBoth) {
  EXPECT_EQ(merge_error({{"dir-a", shard_of(1, 2, {0, 1})}, {"dir-b", shard_of(2, 2, {1, 2})}}),
            "dir-a and dir-b both hold cell 1 (muduo pipes=100 active=100 writes=100 "
            "transport=socketpair): shards of one run never overlap");
}

TEST(ShardMerge, ARunWithoutShardIsRefused) {
  RunResult whole = rb::testing::synthetic_flower_run({});
  whole.context.group = "nightly-7";
  EXPECT_EQ(merge_error({{"dir-w", whole}}),
            "dir-w is not a shard: it was run without --shard (only the shards of one `runner "
            "run --shard I/N` group merge)");
}

// `runner merge`: the merged directory reads back like a run's (summary.json and samples.jsonl
// agree), with every shard's context, and `runner summarize` keeps them too.
TEST(MergeCommand, WritesOneResultsDirectoryOfEveryShard) {
  TempDir dir;
  rb::testing::write_results_dir(shard_of(1, 2, {0, 3}, "host-a"), dir.path() / "s1");
  rb::testing::write_results_dir(shard_of(2, 2, {1, 2}, "host-b"), dir.path() / "s2");
  cli::MergeArgs args;
  args.dirs = {dir.path() / "s1", dir.path() / "s2"};
  args.out = dir.path() / "merged";
  ASSERT_EQ(cli::merge_command(args), 0);
  const RunResult merged = read_results_dir(dir.path() / "merged");
  EXPECT_EQ(indices_of(merged), (std::vector<std::size_t>{0, 1, 2, 3}));
  ASSERT_EQ(merged.shards.size(), 2u);
  EXPECT_EQ(merged.shards[1].host, "host-b");
  EXPECT_EQ(merged.cells[1].shard, 2);
  EXPECT_FALSE(merged.context.run_id.empty());
  EXPECT_EQ(merged.cells[3].samples.size(),
            rb::testing::synthetic_flower_run({}).cells[3].samples.size());
  const RebuiltRun rebuilt = rebuild_run_from_samples(dir.path() / "merged" / "samples.jsonl");
  EXPECT_EQ(rebuilt.run.shards.size(), 2u);
  EXPECT_EQ(rebuilt.run.cells.size(), 4u);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "merged" / "config.toml"));
  // compare, report and export take it as any results directory.
  const cli::LoadedRun loaded = cli::load_run_ref((dir.path() / "merged").string(), {});
  EXPECT_EQ(loaded.run.cells.size(), 4u);
}

TEST(MergeCommand, RefusalWritesNothing) {
  TempDir dir;
  rb::testing::write_results_dir(shard_of(1, 2, {0, 1}), dir.path() / "s1");
  rb::testing::write_results_dir(shard_of(2, 2, {1, 2}), dir.path() / "s2");
  cli::MergeArgs args;
  args.dirs = {dir.path() / "s1", dir.path() / "s2"};
  args.out = dir.path() / "merged";
  EXPECT_EQ(cli::merge_command(args), 2);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "merged"));
}

TEST(MergeCommand, AMissingShardMergesWithExitOne) {
  TempDir dir;
  rb::testing::write_results_dir(shard_of(1, 2, {0, 1}), dir.path() / "s1");
  cli::MergeArgs args;
  args.dirs = {dir.path() / "s1"};
  args.out = dir.path() / "merged";
  EXPECT_EQ(cli::merge_command(args), 1);
  EXPECT_EQ(read_results_dir(dir.path() / "merged").cells.size(), 2u);
}

// group:ID: each machine stored its shard; the store's runs of the group, merged.
TEST(GroupSource, TheStoredShardsOfAGroupMerge) {
  TempDir dir;
  const auto db = dir.path() / "h.db";
  rb::testing::store_run(db, shard_of(1, 2, {0, 3}, "host-a"), "nightly");
  rb::testing::store_run(db, shard_of(1, 2, {0, 3}, "other", "nightly-6"), "nightly");
  rb::testing::store_run(db, shard_of(2, 2, {1, 2}, "host-b"), "nightly");
  const cli::LoadedRun group = cli::load_run_ref("group:nightly-7", {db, "", ""});
  EXPECT_EQ(indices_of(group.run), (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(group.run.context.host, "host-a, host-b");
  EXPECT_EQ(group.config_name, "nightly");
  EXPECT_EQ(group.label.rfind("group nightly-7 (2 of 2 shards: runs #1, #3; nightly, ", 0), 0u)
      << group.label;
}

// A shard job run again stores its shard again: the newest counts.
TEST(GroupSource, AShardStoredTwiceCountsWithItsNewestRun) {
  TempDir dir;
  const auto db = dir.path() / "h.db";
  rb::testing::store_run(db, shard_of(1, 2, {0, 3}, "host-a"), "nightly");
  rb::testing::store_run(db, shard_of(2, 2, {1, 2}, "host-b"), "nightly", false);
  rb::testing::store_run(db, shard_of(2, 2, {1, 2}, "host-c"), "nightly");
  const cli::LoadedRun group = cli::load_run_ref("group:nightly-7", {db, "", ""});
  EXPECT_EQ(group.run.context.host, "host-a, host-c");
  EXPECT_NE(group.label.find("runs #1, #3;"), std::string::npos) << group.label;
}

TEST(GroupSource, AnUnknownGroupNamesTheGroupsThereAre) {
  TempDir dir;
  const auto db = dir.path() / "h.db";
  rb::testing::store_run(db, shard_of(1, 1, {0, 1, 2, 3}), "nightly");
  EXPECT_EQ(rbtest::what_thrown<std::runtime_error>([&] {
              cli::load_run_ref("group:nightly-9", {db, "", ""});
            }),
            "'group:nightly-9': no run of group 'nightly-9' in " + db.string() +
                " (its newest groups: nightly-7)");
  EXPECT_EQ(rbtest::what_thrown<std::runtime_error>([&] {
              cli::load_run_ref("group:nightly-7", {std::nullopt, "", ""});
            }),
            "'group:nightly-7' names a stored run, but there is no store: give --store PATH or "
            "set REACTORBENCH_DB");
}

TEST(GroupSource, AGroupOfOneUnshardedRunIsThatRun) {
  TempDir dir;
  const auto db = dir.path() / "h.db";
  RunResult whole = rb::testing::synthetic_flower_run({});
  whole.context.group = "solo";
  const auto id = rb::testing::store_run(db, whole, "nightly");
  const cli::LoadedRun group = cli::load_run_ref("group:solo", {db, "", ""});
  EXPECT_EQ(group.store_id, id);
  EXPECT_EQ(group.run.cells.size(), 4u);
}

}  // namespace
}  // namespace rb::report
