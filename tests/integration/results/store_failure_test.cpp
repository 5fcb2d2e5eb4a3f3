// A store that fails part-way through a run (issue 14.6): the run is recorded as
// incomplete, never `finished`, `last` skips it, and the run exits 4 (issue 14.8).
#include <gtest/gtest.h>

#include "results_support.h"
#include "store/schema.h"

namespace rbtest {
namespace {

TEST(StoreFailure, ARunTheStoreCouldNotTakeWholeIsIncompleteAndLastSkipsIt) {
  ScratchDir dir;
  const std::string db = (dir.path() / "history.db").string();
  auto r = run_tiny(dir, "r1", {"--store", db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // From now on the store takes one cell of a run, then fails as a full disk would.
  rb::store::open_history(db, false).exec(
      "CREATE TRIGGER disk_full BEFORE INSERT ON cells "
      "WHEN (SELECT COUNT(*) FROM cells WHERE run_id = NEW.run_id) >= 1 "
      "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");

  r = run_tiny(dir, "r2", {"--store", db});
  EXPECT_EQ(r.exit_code, kExitResultsNotSaved) << r.err;
  EXPECT_NE(r.err.find("(incomplete)"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "r2" / "summary.json"));

  r = run_runner({"history", "--store", db, "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto runs = nlohmann::json::parse(r.out);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].at("status"), "incomplete");
  EXPECT_EQ(runs[0].at("cells"), 1);
  EXPECT_EQ(runs[1].at("status"), "finished");

  // `last` is the newest whole run: run 1, not the one with a cell missing.
  const auto last = run_runner({"export", "last", "--store", db, "--format", "bencher"});
  const auto first = run_runner({"export", "1", "--store", db, "--format", "bencher"});
  ASSERT_EQ(last.exit_code, 0) << last.err;
  EXPECT_EQ(last.out, first.out);
  EXPECT_EQ(nlohmann::json::parse(last.out).size(), 2u);
}

}  // namespace
}  // namespace rbtest
