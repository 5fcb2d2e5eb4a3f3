// A matrix split over machines (issue 17), on this machine: the shards of one config run one
// after another, merged, hold exactly the cells of an unsharded run; the same through a
// shared store (group:ID); the dry run shows one shard's cells; auto/N reads the scheduler's
// variable.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "fleet_examples.h"
#include "results_support.h"

namespace rbtest {
namespace {

// "plugin params" of every cell of a results directory's summary.json.
std::multiset<std::string> cells_of(const std::filesystem::path& dir) {
  std::multiset<std::string> out;
  // Held: a range-for over a temporary's member reads freed memory (ASan caught it).
  const nlohmann::json summary = read_json(dir / "summary.json");
  for (const auto& cell : summary["cells"]) {
    std::string params;
    for (const auto& [name, value] : cell["params"].items())
      params += " " + name + "=" + value.dump();
    out.insert(cell["plugin"].get<std::string>() + params);
  }
  return out;
}

class Fleet : public ::testing::Test {
 protected:
  RunOutput run(const std::string& out, std::vector<std::string> extra) {
    std::vector<std::string> args = {"run", config_.string(), "--out",
                                     (dir_.path() / out).string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_runner(args);
  }
  std::filesystem::path path(const std::string& name) const { return dir_.path() / name; }

  ScratchDir dir_;
  std::filesystem::path config_ = dir_.write("fleet.toml", fleet_config());
};

TEST_F(Fleet, ShardsMergedHoldExactlyTheCellsOfOneUnshardedRun) {
  ASSERT_EQ(run("whole", {"--no-store"}).exit_code, 0);
  std::vector<std::string> merge = {"merge"};
  for (const char* shard : {"1/3", "2/3", "3/3"}) {
    const std::string out = std::string("shard-") + shard[0];
    const RunOutput r = run(out, {"--no-store", "--shard", shard, "--group", "g1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(std::string("(shard ") + shard + " of 6, group g1)"), std::string::npos)
        << r.err;
    const auto summary = read_json(path(out) / "summary.json");
    EXPECT_EQ(summary["context"]["group"], "g1");
    EXPECT_EQ(summary["context"]["shard"]["index"], shard[0] - '0');
    EXPECT_EQ(summary["context"]["shard"]["by"], "point");
    // By point: both plugins of each point in one shard.
    EXPECT_EQ(summary["cells"].size() % 2, 0u);
    merge.push_back(path(out).string());
  }
  merge.insert(merge.end(), {"--out", path("merged").string()});
  const RunOutput m = run_runner(merge);
  ASSERT_EQ(m.exit_code, 0) << m.err;
  EXPECT_NE(m.err.find("merged 3 of 3 shards of group g1 (6 cells)"), std::string::npos) << m.err;
  EXPECT_EQ(cells_of(path("merged")), cells_of(path("whole")));
  EXPECT_EQ(read_json(path("merged") / "summary.json")["shards"].size(), 3u);
  // What reads a results directory reads the merged one.
  const RunOutput e = run_runner({"export", path("merged").string(), "--format", "bencher"});
  EXPECT_EQ(e.exit_code, 0) << e.err;
  const RunOutput c = run_runner({"compare", path("whole").string(), path("merged").string()});
  EXPECT_NE(c.exit_code, 2) << c.err;
}

TEST_F(Fleet, MergeRefusesShardsOfTwoGroupsNamingTheDirectories) {
  ASSERT_EQ(run("a", {"--no-store", "--shard", "1/2", "--group", "ga"}).exit_code, 0);
  ASSERT_EQ(run("b", {"--no-store", "--shard", "2/2", "--group", "gb"}).exit_code, 0);
  const RunOutput m = run_runner(
      {"merge", path("a").string(), path("b").string(), "--out", path("merged").string()});
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find(path("a").string() + " and " + path("b").string() +
                       " are not shards of one run: group ga vs gb"),
            std::string::npos)
      << m.err;
}

// Issue 31, item 3: `merge s1 s2 --out s1 --force` emptied s1 before reading it; an output
// that is one of the inputs is refused, and the shard keeps its results.
TEST_F(Fleet, MergeRefusesAnOutputThatIsOneOfItsInputs) {
  ASSERT_EQ(run("s1", {"--no-store", "--shard", "1/2", "--group", "g3"}).exit_code, 0);
  ASSERT_EQ(run("s2", {"--no-store", "--shard", "2/2", "--group", "g3"}).exit_code, 0);
  const std::string before = rbtest::file_contents(path("s1") / "summary.json");
  const RunOutput m = run_runner({"merge", path("s1").string(), path("s2").string(), "--out",
                                  (path("s1") / ".").string(), "--force"});
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("is one of the inputs (" + path("s1").string() + ")"), std::string::npos)
      << m.err;
  EXPECT_EQ(rbtest::file_contents(path("s1") / "summary.json"), before);
  EXPECT_TRUE(std::filesystem::exists(path("s1") / "config.toml"));
}

TEST_F(Fleet, TheShardsOfAGroupInOneStoreAreOneRun) {
  const std::string store = path("h.db").string();
  for (const char* shard : {"1/2", "2/2"})
    ASSERT_EQ(run(std::string("s") + shard[0], {"--store", store, "--shard", shard, "--shard-by",
                                                "cell", "--group", "nightly-1"})
                  .exit_code,
              0);
  ASSERT_EQ(run("whole", {"--no-store"}).exit_code, 0);
  const RunOutput e =
      run_runner({"export", "group:nightly-1", "--store", store, "--format", "bencher"});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const auto exported = nlohmann::json::parse(e.out);
  EXPECT_EQ(exported.size(), 6u) << e.out;
  const RunOutput c =
      run_runner({"compare", path("whole").string(), "group:nightly-1", "--store", store});
  EXPECT_NE(c.exit_code, 2) << c.err;
  EXPECT_NE(c.out.find("group nightly-1 (2 of 2 shards"), std::string::npos) << c.out;
}

TEST_F(Fleet, DryRunShowsTheShardsCells) {
  const RunOutput r = run("out", {"--dry-run", "--shard", "2/3", "--shard-by", "cell"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("shard 2/3 (by cell): 2 of the plan's 6 cells"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 of 2 cells run"), std::string::npos) << r.out;
}

TEST_F(Fleet, AutoTakesTheShardFromTheSchedulersVariable) {
  ::unsetenv("SLURM_ARRAY_TASK_ID");
  ::setenv("JOB_COMPLETION_INDEX", "2", 1);
  const RunOutput r = run("out", {"--dry-run", "--shard", "auto/3"});
  ::unsetenv("JOB_COMPLETION_INDEX");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("shard 3/3 (by point)"), std::string::npos) << r.out;

  const RunOutput none = run("out", {"--dry-run", "--shard", "auto/3"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("error: --shard auto/3: none of JOB_COMPLETION_INDEX"), std::string::npos)
      << none.err;
}

}  // namespace
}  // namespace rbtest
