// Named baselines through the runner: `runner tag RUN NAME` names a stored run, and compare,
// export and report take the name wherever they take a run (issue 19).
#include <gtest/gtest.h>

#include <string>

#include "run_helpers.h"
#include "store/run_recorder.h"
#include "synthetic_runs.h"

namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;
using rbtest::run_runner;
using rbtest::ScratchDir;

using rbtest::contains;

// Three finished runs of config "tiny" (ids 1, 2, 3), the third 20% slower.
std::string history_of_three(const ScratchDir& dir) {
  const auto db = dir.path() / "history.db";
  rb::store::RunRecorder recorder(db);
  for (int i = 0; i < 3; ++i) {
    SyntheticOptions o;
    o.seed = static_cast<std::uint64_t>(i + 1);
    o.scale = i == 2 ? 1.2 : 1.0;
    const rb::RunResult run = synthetic_flower_run(o);
    rb::store::RunHeader h;
    h.config_name = "tiny";
    h.config_path = "tiny.toml";
    h.config_text = "workload = \"flower\"\n";
    h.workload = run.workload;
    h.plugins = run.plugins;
    h.context = run.context;
    recorder.begin(h);
    for (const auto& cell : run.cells) recorder.add_cell(cell);
    recorder.finish(run.context, "finished");
  }
  return db.string();
}

TEST(TagsCli, ATaggedRunIsABaselineForCompareExportAndReport) {
  ScratchDir dir;
  const std::string db = history_of_three(dir);
  auto r = run_runner({"tag", "1", "base", "--store", db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, db + ": tagged run 1 (tiny, ")) << r.out;
  EXPECT_TRUE(contains(r.out, " as 'base'\n")) << r.out;

  r = run_runner({"compare", "base", "last", "--store", db, "--format", "json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // run 3 is 20% slower than run 1
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j.at("base").get<std::string>().starts_with("'base' = run 1 (tiny, "))
      << j.at("base");
  EXPECT_EQ(j.at("cells")[0].at("verdict"), "slower");

  r = run_runner({"export", "base", "--store", db, "--format", "bencher"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).size(), 4u);

  const auto html = dir.path() / "report";
  r = run_runner({"report", "last", "--baseline", "base", "--store", db, "--html", html.string(),
                  "--no-plots"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

TEST(TagsCli, TaggingAgainMovesTheNameAndSaysFromWhere) {
  ScratchDir dir;
  const std::string db = history_of_three(dir);
  ASSERT_EQ(run_runner({"tag", "1", "base", "--store", db}).exit_code, 0);
  const auto r = run_runner({"tag", "last~1", "base", "--store", db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "tagged run 2 (")) << r.out;
  EXPECT_TRUE(contains(r.out, " as 'base' (it was run 1)\n")) << r.out;
  const auto compare = run_runner({"compare", "base", "2", "--store", db});
  EXPECT_EQ(compare.exit_code, 0) << compare.out << compare.err;  // the same run: all same
}

TEST(TagsCli, AnUnknownTagNamesTheTagsThereAre) {
  ScratchDir dir;
  const std::string db = history_of_three(dir);
  auto r = run_runner({"compare", "nightly", "last", "--store", db});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "error: 'nightly' is neither a results directory nor a tag in " + db +
                                  " (it has no tags: `runner tag RUN NAME` makes one)"))
      << r.err;
  ASSERT_EQ(run_runner({"tag", "1", "v1.2", "--store", db}).exit_code, 0);
  ASSERT_EQ(run_runner({"tag", "2", "base", "--store", db}).exit_code, 0);
  r = run_runner({"export", "nightly", "--store", db, "--format", "bencher"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "(its tags: base, v1.2)")) << r.err;
}

TEST(TagsCli, BadNamesAndUnstoredRunsAreRefused) {
  ScratchDir dir;
  const std::string db = history_of_three(dir);
  for (const char* bad : {"12", "last", "last~2", "previous", "a/b", "a b"}) {
    const auto r = run_runner({"tag", "1", bad, "--store", db});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_TRUE(contains(r.err, std::string("error: tag '") + bad + "': ")) << r.err;
  }
  const auto results = dir.path() / "unstored";
  rb::testing::write_results_dir(synthetic_flower_run({}), results);
  const auto r = run_runner({"tag", results.string(), "base", "--store", db});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "is not in a history store (no store.json)")) << r.err;
}

}  // namespace
