// A run's place in a fleet: --shard I/N and auto/N from the scheduler's variable (each with
// its base), the errors that say what is expected, and the group a run gets without --group.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>

#include "../../support/what_thrown.h"
#include "cli/run_group.h"

namespace rb::cli {
namespace {

EnvLookup env_of(std::map<std::string, std::string> variables) {
  return [variables = std::move(variables)](const char* name) -> const char* {
    const auto it = variables.find(name);
    return it == variables.end() ? nullptr : it->second.c_str();
  };
}

const EnvLookup kNoEnv = env_of({});

std::string error_of(const std::string& shard, const EnvLookup& env = kNoEnv,
                     const std::string& by = "point") {
  return rbtest::what_thrown<std::runtime_error>([&] { parse_shard(shard, by, env); });
}

TEST(ShardOption, IndexOfCountOneBased) {
  const exec::ShardChoice c = parse_shard("2/4", "point", kNoEnv);
  EXPECT_EQ(c.index, 2);
  EXPECT_EQ(c.count, 4);
  EXPECT_EQ(c.by, exec::ShardBy::point);
  EXPECT_EQ(parse_shard("1/1", "cell", kNoEnv).by, exec::ShardBy::cell);
}

TEST(ShardOption, MalformedOrOutOfRangeIsRefusedSayingWhatIsExpected) {
  for (const char* bad : {"2", "2/", "/4", "a/4", "2/b", "2/0", "2/-1", "2/4/1", ""})
    EXPECT_EQ(error_of(bad), std::string("--shard '") + bad +
                                 "': expected I/N, shard I (1-based) of N, e.g. 2/4, or auto/N")
        << bad;
  EXPECT_EQ(error_of("0/4"),
            "--shard 0/4: shard 0 of 4 does not exist (shards are numbered 1 to 4)");
  EXPECT_EQ(error_of("5/4"),
            "--shard 5/4: shard 5 of 4 does not exist (shards are numbered 1 to 4)");
  EXPECT_EQ(error_of("1/2", kNoEnv, "plugin"),
            "--shard-by 'plugin': expected point (the default) or cell");
}

// Kubernetes Indexed Jobs number their pods from 0.
TEST(ShardOption, AutoReadsJobCompletionIndexZeroBased) {
  EXPECT_EQ(parse_shard("auto/4", "point", env_of({{"JOB_COMPLETION_INDEX", "0"}})).index, 1);
  EXPECT_EQ(parse_shard("auto/4", "point", env_of({{"JOB_COMPLETION_INDEX", "3"}})).index, 4);
  EXPECT_EQ(error_of("auto/4", env_of({{"JOB_COMPLETION_INDEX", "4"}})),
            "--shard auto/4: JOB_COMPLETION_INDEX=4 is shard 5 (0-based), but there are shards 1 "
            "to 4");
}

// A Slurm array's task ids are what --array says: 1-based with --array=1-N.
TEST(ShardOption, AutoReadsSlurmArrayTaskIdOneBased) {
  EXPECT_EQ(parse_shard("auto/4", "point", env_of({{"SLURM_ARRAY_TASK_ID", "1"}})).index, 1);
  EXPECT_EQ(parse_shard("auto/4", "point", env_of({{"SLURM_ARRAY_TASK_ID", "4"}})).index, 4);
  EXPECT_EQ(error_of("auto/4", env_of({{"SLURM_ARRAY_TASK_ID", "0"}})),
            "--shard auto/4: SLURM_ARRAY_TASK_ID=0 is shard 0 (1-based), but there are shards 1 "
            "to 4");
  EXPECT_EQ(error_of("auto/4", env_of({{"SLURM_ARRAY_TASK_ID", "two"}})),
            "--shard auto/4: SLURM_ARRAY_TASK_ID='two' is not a number");
}

TEST(ShardOption, AutoTakesJobCompletionIndexFirst) {
  const auto env = env_of({{"JOB_COMPLETION_INDEX", "1"}, {"SLURM_ARRAY_TASK_ID", "4"}});
  EXPECT_EQ(parse_shard("auto/4", "point", env).index, 2);
  // An empty variable is not set.
  EXPECT_EQ(parse_shard("auto/4", "point",
                        env_of({{"JOB_COMPLETION_INDEX", ""}, {"SLURM_ARRAY_TASK_ID", "3"}}))
                .index,
            3);
}

TEST(ShardOption, AutoWithNoVariableSetSaysWhichItReads) {
  EXPECT_EQ(error_of("auto/3"),
            "--shard auto/3: none of JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, 0-based) or "
            "SLURM_ARRAY_TASK_ID (a Slurm array, 1-based: --array=1-3) is set; give the shard as "
            "I/3 (1-based)");
}

TEST(RunGroup, DefaultIsDateRevisionAndConfigHash) {
  const std::string fingerprint = plan_fingerprint("workload = \"flower\"\n", {"--quick"});
  EXPECT_EQ(fingerprint.size(), 64u);
  EXPECT_EQ(default_group(fingerprint, "8f600b0", "2026-12-02T03:20:00Z"),
            "20261202-8f600b0-" + fingerprint.substr(0, 12));
  EXPECT_EQ(default_group(fingerprint, "", "2026-12-02T03:20:00Z"),
            "20261202-nogit-" + fingerprint.substr(0, 12));
  EXPECT_EQ(default_group(fingerprint, "8f600b0+dirty", "2026-12-02T03:20:00Z"),
            "20261202-8f600b0_dirty-" + fingerprint.substr(0, 12));
  EXPECT_TRUE(invalid_group_reason(default_group(fingerprint, "a b", "2026-12-02")).empty());
}

TEST(RunGroup, FingerprintChangesWithTheConfigAndTheOptionsThatChangeCells) {
  const std::string base = plan_fingerprint("workload = \"flower\"\n", {});
  EXPECT_EQ(plan_fingerprint("workload = \"flower\"\n", {}), base);
  EXPECT_NE(plan_fingerprint("workload = \"notify\"\n", {}), base);
  EXPECT_NE(plan_fingerprint("workload = \"flower\"\n", {"--quick"}), base);
  EXPECT_NE(plan_fingerprint("workload = \"flower\"\n", {"--set pipes=1"}),
            plan_fingerprint("workload = \"flower\"\n", {"--set pipes=2"}));
}

TEST(RunGroup, WhichNamesCanBeGroups) {
  for (const char* good : {"nightly-1234", "20261202-8f600b0-abc", "A.b_c"})
    EXPECT_EQ(invalid_group_reason(good), "") << good;
  EXPECT_EQ(invalid_group_reason(""), "a group id is not empty");
  EXPECT_EQ(invalid_group_reason("a:b"),
            "a group id has only letters, digits, '.', '_' and '-' (not ':')");
  EXPECT_EQ(invalid_group_reason(std::string(101, 'g')), "a group id has at most 100 characters");
}

}  // namespace
}  // namespace rb::cli
