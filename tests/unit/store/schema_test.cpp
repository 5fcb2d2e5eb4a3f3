// The schema's versions: an old database is migrated (its data kept, new tables filled), a
// newer one is refused with both versions named.
#include <gtest/gtest.h>

#include "report/json_codec.h"
#include "store/history_query.h"
#include "store/run_reader.h"
#include "store/schema.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

using rb::testing::TempDir;

// What a version-1 runner wrote: a run, one cell and its samples, through plain SQL.
void write_version_1_run(Database& db, const RunResult& run) {
  Statement insert_run = db.prepare(
      "INSERT INTO runs (started_at, status, config_name, config_path, config_text, "
      "config_sha256, workload, plugins, git_revision, host, cpu_model, kernel, governor, "
      "context) VALUES ('2026-01-01T00:00:00Z', 'finished', 'old', 'old.toml', '', '', "
      "'flower', '[\"libevent2\"]', 'abc', 'testhost', 'cpu', 'k', 'g', ?1)");
  insert_run.bind(1, report::dump_json(report::to_json(run.context)));
  insert_run.run();
  const std::int64_t run_id = db.last_insert_id();
  const CellResult& cell = run.cells[0];
  Statement insert_cell = db.prepare(
      "INSERT INTO cells (run_id, cell_index, workload, plugin, params, params_label, status, "
      "reason, result) VALUES (?1, 0, 'flower', ?2, ?3, ?4, 'ok', '', ?5)");
  insert_cell.bind(1, run_id).bind(2, cell.cell.plugin);
  insert_cell.bind(3, report::dump_json(report::params_to_json(cell.cell.params)));
  insert_cell.bind(4, cell.cell.params_label());
  insert_cell.bind(5, report::dump_json(report::to_json(cell)));
  insert_cell.run();
  const std::int64_t cell_id = db.last_insert_id();
  Statement insert_sample = db.prepare(
      "INSERT INTO samples (cell_id, seq, round, iteration, metrics, counters) "
      "VALUES (?1, ?2, 0, ?2, ?3, '{}')");
  for (std::size_t i = 0; i < cell.samples.size(); ++i) {
    insert_sample.reset();
    insert_sample.bind(1, cell_id).bind(2, static_cast<std::int64_t>(i));
    insert_sample.bind(3, report::dump_json(report::Json(cell.samples[i].metrics)));
    insert_sample.run();
  }
}

TEST(Schema, FreshDatabaseGetsTheCurrentVersion) {
  TempDir dir;
  Database db = open_history(dir.path() / "h.db", true);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
}

TEST(Schema, VersionOneIsMigratedWithItsDataAndSummariesBackfilled) {
  TempDir dir;
  const auto path = dir.path() / "old.db";
  const RunResult run = rb::testing::synthetic_flower_run({});
  {
    Database db(path, true);
    migrate_to(db, 1);
    ASSERT_EQ(db.user_version(), 1);
    write_version_1_run(db, run);
  }
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);

  const RunResult back = load_run(db, 1);
  ASSERT_EQ(back.cells.size(), 1u);
  EXPECT_EQ(back.cells[0].samples.size(), run.cells[0].samples.size());
  // Version 2's summaries were filled from the stored cell, so history works on old runs.
  const auto series = cell_history(db, CellFilter("libevent2 pipes=100"), {"setup_us"}, {}, 0);
  ASSERT_EQ(series.size(), 1u);
  ASSERT_EQ(series[0].points.size(), 1u);
  EXPECT_DOUBLE_EQ(series[0].points[0].median, run.cells[0].metrics.at("setup_us").median);
}

TEST(Schema, MigratingTwiceChangesNothing) {
  TempDir dir;
  const auto path = dir.path() / "h.db";
  { Database db = open_history(path, true); }
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
}

TEST(Schema, NewerDatabaseIsAClearError) {
  TempDir dir;
  const auto path = dir.path() / "new.db";
  {
    Database db = open_history(path, true);
    db.set_user_version(kSchemaVersion + 1);
  }
  try {
    open_history(path, false);
    FAIL() << "a newer schema must be refused";
  } catch (const StoreError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("schema version " + std::to_string(kSchemaVersion + 1)),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("newer than this runner's " + std::to_string(kSchemaVersion)),
              std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace rb::store
