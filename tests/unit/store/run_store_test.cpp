// The history store: a run written cell by cell reads back whole, samples included; runs
// are listed and filtered; a cell's history is found by a filter.
#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "store/history_query.h"
#include "store/run_reader.h"
#include "store/run_recorder.h"
#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

using rb::testing::header_of;
using rb::testing::store_run;
using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;
using rb::testing::TempDir;

template <typename Backend>
class RunStore : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(RunStore);

TYPED_TEST_P(RunStore, RoundTripKeepsEverySampleAndSummary) {
  const RunResult run = rb::testing::flower_run();
  const std::int64_t id = store_run(this->store(), run);
  Database db = open_history(this->store(), false);
  const RunResult back = load_run(db, id);
  EXPECT_EQ(rb::testing::full_json(back), rb::testing::full_json(run));
  EXPECT_EQ(back.cells[0].samples.size(), 24u);
}

TEST(SqliteStore, CreatesTheDatabaseAndItsFolderInWalMode) {
  TempDir dir;
  const auto path = dir.path() / "nested" / "history.db";
  store_run(path, rb::testing::flower_run());
  Database db = open_history(path, false);
  Statement mode = db.prepare("PRAGMA journal_mode");
  ASSERT_TRUE(mode.step());
  EXPECT_EQ(mode.column_text(0), "wal");
  EXPECT_EQ(db.user_version(), kSchemaVersion);
}

TEST(SqliteStore, OpeningAMissingDatabaseForReadingFails) {
  TempDir dir;
  EXPECT_THROW(open_history(dir.path() / "none.db", false), StoreError);
}

TYPED_TEST_P(RunStore, ListsRunsNewestFirstWithFilters) {
  const std::string& path = this->store();
  RunResult other_host = rb::testing::flower_run();
  other_host.context.host = "elsewhere";
  const auto a = store_run(path, rb::testing::flower_run(), "nightly");
  const auto b = store_run(path, other_host, "nightly");
  const auto c = store_run(path, rb::testing::flower_run(), "smoke");
  const auto d = store_run(path, rb::testing::flower_run(), "nightly", false);
  Database db = open_history(path, false);

  const auto all = list_runs(db, {});
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].id, d);
  EXPECT_EQ(all[0].status, "running");
  EXPECT_EQ(all[3].id, a);
  EXPECT_EQ(all[3].cells, 4u);

  RunFilter nightly_here;
  nightly_here.config_name = "nightly";
  nightly_here.host = "testhost";
  nightly_here.finished_only = true;
  const auto found = list_runs(db, nightly_here);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].id, a);

  RunFilter before;
  before.before_id = c;
  EXPECT_EQ(list_runs(db, before).front().id, b);
  EXPECT_EQ(list_runs(db, {}, 2).size(), 2u);
  EXPECT_FALSE(find_run(db, 999));
  EXPECT_THROW(load_run(db, 999), StoreError);
}

// A run killed after two cells: the database has those two, whole, and the run "running".
TYPED_TEST_P(RunStore, KilledRunLeavesFinishedCellsWhole) {
  const std::string& path = this->store();
  const RunResult run = rb::testing::flower_run();
  std::int64_t id = 0;
  {
    RunRecorder recorder(path);
    id = recorder.begin(header_of(run));
    recorder.add_cell(run.cells[0]);
    recorder.add_cell(run.cells[1]);
  }
  Database db = open_history(path, false);
  EXPECT_EQ(find_run(db, id)->status, "running");
  const RunResult back = load_run(db, id);
  ASSERT_EQ(back.cells.size(), 2u);
  EXPECT_EQ(back.cells[1].samples.size(), run.cells[1].samples.size());
}

// A cell that cannot be stored (here: the same cell twice) leaves nothing of itself behind.
TYPED_TEST_P(RunStore, AFailedCellRollsBackWhole) {
  const std::string& path = this->store();
  const RunResult run = rb::testing::flower_run();
  RunRecorder recorder(path);
  recorder.begin(header_of(run));
  recorder.add_cell(run.cells[0]);
  EXPECT_THROW(recorder.add_cell(run.cells[0]), StoreError);
  Database db = open_history(path, false);
  Statement count = db.prepare("SELECT COUNT(*) FROM samples");
  ASSERT_TRUE(count.step());
  EXPECT_EQ(count.column_int(0), static_cast<std::int64_t>(run.cells[0].samples.size()));
}

TYPED_TEST_P(RunStore, CellHistoryFollowsACellAcrossRuns) {
  const std::string& path = this->store();
  SyntheticOptions o;
  store_run(path, synthetic_flower_run(o));
  o.scale = 1.5;
  store_run(path, synthetic_flower_run(o));
  Database db = open_history(path, false);
  const auto series = cell_history(db, CellFilter("muduo pipes=1000"), {"setup_us"}, {}, 10);
  ASSERT_EQ(series.size(), 1u);
  EXPECT_EQ(series[0].plugin, "muduo-style");  // stored as "muduo", its name now
  ASSERT_EQ(series[0].points.size(), 2u);
  EXPECT_LT(series[0].points[0].run_id, series[0].points[1].run_id);  // oldest first
  EXPECT_NEAR(series[0].points[1].median / series[0].points[0].median, 1.5, 0.05);
  EXPECT_EQ(cell_history(db, CellFilter("muduo"), {}, {}, 1).size(), 6u);  // 2 points x 3
}

TEST(CellFilter, TermsMustAllMatch) {
  CellSpec cell;
  cell.workload = "flower";
  cell.plugin = "muduo";
  cell.params = {{"pipes", std::int64_t{1000}}, {"transport", std::string("pipe")}};
  EXPECT_TRUE(CellFilter("").matches(cell));
  EXPECT_TRUE(CellFilter("muduo pipes=1000").matches(cell));
  EXPECT_TRUE(CellFilter("flower,transport=pipe").matches(cell));
  EXPECT_TRUE(CellFilter("plugin=muduo workload=flower").matches(cell));
  EXPECT_FALSE(CellFilter("muduo pipes=100").matches(cell));
  EXPECT_FALSE(CellFilter("libevent2").matches(cell));
  EXPECT_FALSE(CellFilter("active=1").matches(cell));
}

REGISTER_TYPED_TEST_SUITE_P(RunStore, RoundTripKeepsEverySampleAndSummary,
                            ListsRunsNewestFirstWithFilters, KilledRunLeavesFinishedCellsWhole,
                            AFailedCellRollsBackWhole, CellHistoryFollowsACellAcrossRuns);
RB_INSTANTIATE_FOR_STORE_BACKEND(RunStore);

TEST(ConfigHash, IsSha256) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace rb::store
