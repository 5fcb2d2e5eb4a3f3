// examples/fleet (issue 17 item 5), tested where it can be: each file's N agrees with itself,
// and the Slurm array's tasks run here one after another store, in one history, a group that
// holds exactly the cells of one unsharded run (the Indexed Job's arguments are run against a
// PostgreSQL store in unit_store_postgres).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "../../support/shell.h"
#include "fleet_examples.h"
#include "results_support.h"

namespace rbtest {
namespace {

std::string quoted(const std::string& word) {
  return "'" + word + "'";
}

TEST(FleetExamples, TheGitHubMatrixListsShardsOneToNAndEachJobRunsItsOwn) {
  const auto workflow = yaml_file(fleet_example("github-actions.yml"));
  const int n = workflow.at("env").at("SHARDS").get<int>();
  const auto& shard_job = workflow.at("jobs").at("shard");
  std::vector<int> expected;
  for (int i = 1; i <= n; ++i) expected.push_back(i);
  EXPECT_EQ(shard_job.at("strategy").at("matrix").at("shard").get<std::vector<int>>(), expected);
  const std::string steps = shard_job.at("steps").dump();
  EXPECT_NE(steps.find("--shard ${{ matrix.shard }}/$SHARDS"), std::string::npos) << steps;
  EXPECT_NE(steps.find("--group \\\"gh-${{ github.run_id }}\\\""), std::string::npos) << steps;
  const auto& merge_job = workflow.at("jobs").at("merge");
  EXPECT_EQ(merge_job.at("needs"), "shard");
  EXPECT_NE(merge_job.at("steps").dump().find("merge results/shard-* --out results/merged"),
            std::string::npos);
}

TEST(FleetExamples, TheIndexedJobRunsAutoShardsOfItsCompletionsWithNoPasswordInItsUrl) {
  const auto job = yaml_file(fleet_example("kubernetes-indexed-job.yaml"));
  EXPECT_EQ(job.at("spec").at("completionMode"), "Indexed");
  const int n = job.at("spec").at("completions").get<int>();
  EXPECT_EQ(job.at("spec").at("parallelism").get<int>(), n);
  const auto argv = indexed_job_argv(job, {{"RB_GROUP", "g"}}, {});
  const std::string args = nlohmann::json(argv).dump();
  EXPECT_NE(args.find("\"--shard\",\"auto/" + std::to_string(n) + "\""), std::string::npos) << args;
  const auto store = std::find(argv.begin(), argv.end(), "--store");
  ASSERT_NE(store, argv.end());
  const std::string url = *(store + 1);
  EXPECT_EQ(url.rfind("postgresql://", 0), 0u) << url;
  EXPECT_EQ(url.substr(0, url.find('@')).find(':', std::string("postgresql:").size()),
            std::string::npos)
      << "a password in the manifest's URL: " << url;
}

TEST(FleetExamples, TheSlurmArrayCountsItsTasksAsItsShards) {
  const std::string script = file_text(fleet_example("slurm-array.sh"));
  const int array = number_after(script, "#SBATCH --array=1-");
  EXPECT_GT(array, 0);
  EXPECT_EQ(number_after(script, "\nshards="), array);
}

TEST(FleetExamples, SlurmTasksRunHereOneAfterAnotherStoreOneGroupOfTheWholeRunsCells) {
  ScratchDir dir;
  const std::string config = dir.write("fleet.toml", fleet_config()).string();
  const std::string store = (dir.path() / "history.db").string();
  const std::string script = file_text(fleet_example("slurm-array.sh"));
  const int tasks = number_after(script, "#SBATCH --array=1-");
  ASSERT_GT(tasks, 0);
  for (int task = 1; task <= tasks; ++task) {
    const CommandResult r =
        sh("SLURM_ARRAY_TASK_ID=" + std::to_string(task) + " SLURM_ARRAY_JOB_ID=4711" +
           " RB_RUNNER=" + quoted(RB_RUNNER_EXE) + " RB_CONFIG=" + quoted(config) +
           " RB_STORE=" + quoted(store) + " RB_OUT=" + quoted((dir.path() / "out").string()) +
           " bash " + quoted(fleet_example("slurm-array.sh").string()));
    ASSERT_EQ(r.exit_code, 0) << "task " << task << ":\n" << r.output;
    EXPECT_NE(r.output.find("(shard " + std::to_string(task) + "/" + std::to_string(tasks)),
              std::string::npos)
        << r.output;
  }
  const RunOutput whole =
      run_runner({"run", config, "--no-store", "--out", (dir.path() / "whole").string()});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const auto cells = exported_cells({(dir.path() / "whole").string()});
  EXPECT_EQ(cells.size(), 6u);
  EXPECT_EQ(exported_cells({"group:slurm-4711", "--store", store}), cells);

  // Without the array's variable the script stops before running anything, saying why.
  const CommandResult by_hand =
      sh("env -u SLURM_ARRAY_TASK_ID bash " + quoted(fleet_example("slurm-array.sh").string()));
  EXPECT_NE(by_hand.exit_code, 0);
  EXPECT_NE(by_hand.output.find("SLURM_ARRAY_TASK_ID: is set by sbatch --array"), std::string::npos)
      << by_hand.output;
}

}  // namespace
}  // namespace rbtest
