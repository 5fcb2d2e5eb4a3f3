// Named baselines through the runner: `runner tag RUN NAME` names a stored run, and compare,
// export and report take the name wherever they take a run (issue 19).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
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

// `runner report last --baseline TAG` into DIR/out; report.html's text.
std::string report_against(const ScratchDir& dir, const std::string& db, const std::string& tag,
                           const std::string& out) {
  const auto html = dir.path() / out;
  const auto r = run_runner(
      {"report", "last", "--baseline", tag, "--store", db, "--html", html.string(), "--no-plots"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(html / "report.html");
  std::stringstream page;
  page << in.rdbuf();
  return page.str();
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

  // The report compares run 3 against the tagged run 1: named as the base, 20% slower.
  const std::string page = report_against(dir, db, "base", "report");
  EXPECT_TRUE(contains(page, "Against the baseline")) << page;
  EXPECT_TRUE(contains(page, "base: &#39;base&#39; = run 1 (tiny, ")) << page;
  EXPECT_TRUE(contains(page, "8 slower -&gt; exit 1 (regression)")) << page;
}

// --baseline follows the tag: another tag, or the same tag moved, gives another baseline.
TEST(TagsCli, TheReportsBaselineIsTheRunTheTagNames) {
  ScratchDir dir;
  const std::string db = history_of_three(dir);
  ASSERT_EQ(run_runner({"tag", "1", "v1", "--store", db}).exit_code, 0);
  ASSERT_EQ(run_runner({"tag", "3", "v3", "--store", db}).exit_code, 0);
  std::string page = report_against(dir, db, "v1", "r1");
  EXPECT_TRUE(contains(page, "base: &#39;v1&#39; = run 1 (tiny, ")) << page;
  EXPECT_TRUE(contains(page, "8 slower -&gt; exit 1 (regression)")) << page;

  page = report_against(dir, db, "v3", "r3");  // run 3 against itself
  EXPECT_TRUE(contains(page, "base: &#39;v3&#39; = run 3 (tiny, ")) << page;
  EXPECT_TRUE(contains(page, "8 same -&gt; exit 0 (no regression)")) << page;
  EXPECT_FALSE(contains(page, "run 1 (tiny, ")) << page;

  ASSERT_EQ(run_runner({"tag", "3", "v1", "--store", db}).exit_code, 0);  // v1 moves to run 3
  page = report_against(dir, db, "v1", "r1-moved");
  EXPECT_TRUE(contains(page, "base: &#39;v1&#39; = run 3 (tiny, ")) << page;
  EXPECT_TRUE(contains(page, "8 same -&gt; exit 0 (no regression)")) << page;
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
