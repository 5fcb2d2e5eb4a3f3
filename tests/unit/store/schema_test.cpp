// The schema's versions: an old database is migrated (its data kept, new tables filled), a
// newer one is refused with both versions named, and the readers' open never changes the file.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

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

using rb::testing::TempDir;

template <typename Backend>
class Schema : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(Schema);

// What a version-1 runner wrote: a run, one cell and its samples, through plain SQL.
void write_version_1_run(Database& db, const RunResult& run) {
  Statement insert_run = db.prepare(
      "INSERT INTO runs (started_at, status, config_name, config_path, config_text, "
      "config_sha256, workload, plugins, git_revision, host, cpu_model, kernel, governor, "
      "context) VALUES ('2026-01-01T00:00:00Z', 'finished', 'old', 'old.toml', '', '', "
      "'flower', '[\"libevent2\"]', 'abc', 'testhost', 'cpu', 'k', 'g', ?1)");
  insert_run.bind(1, model::dump_json(model::to_json(run.context)));
  insert_run.run();
  const std::int64_t run_id = db.last_insert_id();
  const CellResult& cell = run.cells[0];
  Statement insert_cell = db.prepare(
      "INSERT INTO cells (run_id, cell_index, workload, plugin, params, params_label, status, "
      "reason, result) VALUES (?1, 0, 'flower', ?2, ?3, ?4, 'ok', '', ?5)");
  insert_cell.bind(1, run_id).bind(2, cell.cell.plugin);
  insert_cell.bind(3, model::dump_json(model::params_to_json(cell.cell.params)));
  insert_cell.bind(4, cell.cell.params_label());
  insert_cell.bind(5, model::dump_json(model::to_json(cell)));
  insert_cell.run();
  const std::int64_t cell_id = db.last_insert_id();
  Statement insert_sample = db.prepare(
      "INSERT INTO samples (cell_id, seq, round, iteration, metrics, counters) "
      "VALUES (?1, ?2, 0, ?2, ?3, '{}')");
  for (std::size_t i = 0; i < cell.samples.size(); ++i) {
    insert_sample.reset();
    insert_sample.bind(1, cell_id).bind(2, static_cast<std::int64_t>(i));
    insert_sample.bind(3, model::dump_json(model::Json(cell.samples[i].metrics)));
    insert_sample.run();
  }
}

std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A SQLite store's bytes, to show the readers leave it exactly as it was; "" for a server's
// database (its schema version shows that instead).
template <typename Backend>
std::string file_bytes(const std::string& location) {
  if constexpr (std::is_same_v<Backend, rb::testing::SqliteBackend>) return bytes_of(location);
  return "";
}

// A ping-pong cell: the server and the client are each a binary of its own.
CellResult two_process_cell(const CellResult& from) {
  CellResult cell = from;
  cell.cell.index = 9;
  cell.cell.workload = "pingpong";
  Provenance server = *cell.provenance;
  server.sha256 = "5e5e";
  Provenance client = server;
  client.path = "/plugins/client.so";
  client.sha256 = "c1c1";
  client.library_version = "2.2.0";
  cell.provenance = server;
  cell.provenance_by_role = {{"server", server}, {"client", client}};
  return cell;
}

// role -> "sha256 library_version" of a cell's cell_provenance rows.
std::map<std::string, std::string> provenance_rows(Database& db, std::int64_t cell_index) {
  Statement rows = db.prepare(
      "SELECT p.role, p.so_sha256, p.library_version FROM cell_provenance p "
      "JOIN cells c ON c.id = p.cell_id WHERE c.cell_index = ?1");
  rows.bind(1, cell_index);
  std::map<std::string, std::string> out;
  while (rows.step()) out[rows.column_text(0)] = rows.column_text(1) + " " + rows.column_text(2);
  return out;
}

TYPED_TEST_P(Schema, FreshDatabaseGetsTheCurrentVersion) {
  Database db = open_history(this->store(), true);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
}

TYPED_TEST_P(Schema, VersionOneIsMigratedWithItsDataAndSummariesBackfilled) {
  const std::string& path = this->store();
  const RunResult run = rb::testing::flower_run();
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

// Version 2 kept a two-process cell's server provenance only (in cells' columns); version
// 3 adds both roles, backfilled from the stored cell results.
TYPED_TEST_P(Schema, VersionTwoIsMigratedWithBothRolesProvenanceBackfilled) {
  const std::string& path = this->store();
  RunResult run = rb::testing::flower_run();
  run.cells.resize(1);
  run.cells.push_back(two_process_cell(run.cells[0]));
  {
    Database db(path, true);
    migrate_to(db, 2);
    ASSERT_EQ(db.user_version(), 2);
    write_version_1_run(db, run);  // version 2 changed no table version 1 wrote
    // ... and the ping-pong cell, as a version-2 runner wrote it: the server in the columns.
    Statement insert_cell = db.prepare(
        "INSERT INTO cells (run_id, cell_index, workload, plugin, params, params_label, status, "
        "reason, plugin_version, library, library_version, so_sha256, result) "
        "VALUES (1, 9, 'pingpong', ?1, '{}', ?2, 'ok', '', '1.0.0', 'libevent', ?3, '5e5e', ?4)");
    const CellResult& cell = run.cells[1];
    insert_cell.bind(1, cell.cell.plugin).bind(2, cell.cell.params_label());
    insert_cell.bind(3, cell.provenance->library_version);
    insert_cell.bind(4, model::dump_json(model::to_json(cell)));
    insert_cell.run();
  }
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
  const auto pingpong = provenance_rows(db, 9);
  ASSERT_EQ(pingpong.size(), 2u);
  EXPECT_EQ(pingpong.at("server"), "5e5e 2.1.12-stable");
  EXPECT_EQ(pingpong.at("client"), "c1c1 2.2.0");
  const auto flower = provenance_rows(db, 0);
  ASSERT_EQ(flower.size(), 1u);
  EXPECT_EQ(flower.at("plugin"), "aa11 2.1.12-stable");
  // The runs read back as they were.
  EXPECT_EQ(load_run(db, 1).cells.size(), 2u);
}

TYPED_TEST_P(Schema, RecorderStoresTheClientsProvenanceToo) {
  const std::string& path = this->store();
  RunResult run = rb::testing::flower_run();
  run.cells.push_back(two_process_cell(run.cells[0]));
  rb::testing::store_run(path, run, "pp");
  Database db = open_history_for_reading(path);
  const auto rows = provenance_rows(db, 9);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows.at("server"), "5e5e 2.1.12-stable");
  EXPECT_EQ(rows.at("client"), "c1c1 2.2.0");
  // Indexed, so "which cells ran this client binary" is a query.
  Statement by_sha = db.prepare("SELECT COUNT(*) FROM cell_provenance WHERE so_sha256 = 'c1c1'");
  ASSERT_TRUE(by_sha.step());
  EXPECT_EQ(by_sha.column_int(0), 1);
}

TYPED_TEST_P(Schema, MigratingTwiceChangesNothing) {
  const std::string& path = this->store();
  { Database db = open_history(path, true); }
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
}

TYPED_TEST_P(Schema, NewerDatabaseIsAClearError) {
  const std::string& path = this->store();
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

// The readers (history, compare, report, export) and the writer alike refuse a newer
// database before writing anything: not even the journal mode (kept in the file's header)
// changes. A rollback-journal file shows it: the writer's WAL switch would rewrite it.
TEST(SqliteSchema, RefusedNewerDatabaseIsLeftByteIdentical) {
  TempDir dir;
  const auto path = dir.path() / "new.db";
  {
    Database db(path, true);
    migrate_to(db, kSchemaVersion);
    db.set_user_version(kSchemaVersion + 1);
  }
  const std::string before = bytes_of(path);
  ASSERT_FALSE(before.empty());
  EXPECT_THROW(open_history_for_reading(path), StoreError);
  EXPECT_EQ(bytes_of(path), before);
  EXPECT_THROW(open_history(path, false), StoreError);
  EXPECT_EQ(bytes_of(path), before);
  EXPECT_THROW(open_history(path, true), StoreError);
  EXPECT_EQ(bytes_of(path), before);
  try {
    open_history_for_reading(path);
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("newer than this runner's"), std::string::npos);
  }
}

// Reading never migrates: an old database is refused with the way to migrate it, untouched.
TYPED_TEST_P(Schema, ReaderRefusesAnUnreadableOldDatabaseAndSaysHowToMigrate) {
  const std::string& path = this->store();
  {
    Database db(path, true);
    migrate_to(db, 1);
    write_version_1_run(db, rb::testing::flower_run());
  }
  const std::string before = file_bytes<TypeParam>(path);
  try {
    open_history_for_reading(path);
    FAIL() << "a version-1 database cannot be read without migrating";
  } catch (const StoreError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("schema version 1"), std::string::npos) << message;
    EXPECT_NE(message.find("--migrate"), std::string::npos) << message;
  }
  EXPECT_EQ(file_bytes<TypeParam>(path), before);
  EXPECT_EQ(Database(path, OpenMode::read_only).user_version(), 1);
  // The writer migrates it; then it reads.
  {
    Database db(path, false);
    EXPECT_EQ(migrate(db), 1);
  }
  EXPECT_EQ(open_history_for_reading(path).user_version(), kSchemaVersion);
}

// A version-2 database is read as it is (version 3 only adds a table readers do not query).
TYPED_TEST_P(Schema, ReaderReadsACompatibleOlderDatabaseWithoutMigratingIt) {
  const std::string& path = this->store();
  {
    Database db(path, true);
    migrate_to(db, 2);
    write_version_1_run(db, rb::testing::flower_run());
  }
  const std::string before = file_bytes<TypeParam>(path);
  {
    Database db = open_history_for_reading(path);
    EXPECT_EQ(db.user_version(), 2);
    EXPECT_EQ(list_runs(db, {}).size(), 1u);
    EXPECT_EQ(load_run(db, 1).cells.size(), 1u);
  }
  EXPECT_EQ(file_bytes<TypeParam>(path), before);
  EXPECT_EQ(Database(path, OpenMode::read_only).user_version(), 2);
}

// Version 4 kept no histograms: migrated, its samples read as they were, without any; and a
// reader reads it as it is, never asking for version 5's table.
TYPED_TEST_P(Schema, VersionFourReadsAndMigratesWithoutHistograms) {
  const std::string& path = this->store();
  const RunResult run = rb::testing::flower_run();
  {
    Database db(path, true);
    migrate_to(db, 4);
    write_version_1_run(db, run);
  }
  {
    Database db = open_history_for_reading(path);
    EXPECT_EQ(db.user_version(), 4);
    const RunResult back = load_run(db, 1);
    ASSERT_EQ(back.cells.size(), 1u);
    EXPECT_EQ(back.cells[0].samples.size(), run.cells[0].samples.size());
  }
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
  const RunResult back = load_run(db, 1);
  ASSERT_EQ(back.cells[0].samples.size(), run.cells[0].samples.size());
  for (const auto& s : back.cells[0].samples) EXPECT_TRUE(s.latency_histogram.empty());
  Statement rows = db.prepare("SELECT COUNT(*) FROM sample_histograms");
  ASSERT_TRUE(rows.step());
  EXPECT_EQ(rows.column_int(0), 0);
}

// Version 7: a run's group and shard as columns (NULL for runs stored before, and for a run
// that measured every cell), and in the stored context it reads back with.
// Outside the typed suite's template (GCC 12 crashes on braced aggregates with defaults there).
RunResult run_of_group(const std::string& group, bool sharded) {
  RunResult run = rb::testing::flower_run();
  run.context.group = group;
  if (sharded) run.context.shard = {2, 3, "point"};
  return run;
}

TYPED_TEST_P(Schema, VersionSevenKeepsTheGroupAndShardOfARun) {
  const std::string& path = this->store();
  {
    Database db(path, true);
    migrate_to(db, 6);
    write_version_1_run(db, rb::testing::flower_run());
  }
  const RunResult sharded = run_of_group("nightly-1", true);
  const RunResult whole = run_of_group("nightly-1", false);
  const std::int64_t sharded_id = rb::testing::store_run(path, sharded);
  const std::int64_t whole_id = rb::testing::store_run(path, whole);
  Database db = open_history(path, false);
  EXPECT_EQ(db.user_version(), kSchemaVersion);
  Statement rows =
      db.prepare("SELECT id, run_group, shard_index, shard_count, shard_by FROM runs ORDER BY id");
  std::vector<std::string> seen;
  while (rows.step()) {
    std::string row = std::to_string(rows.column_int(0));
    for (int i = 1; i <= 4; ++i)
      row += rows.column_is_null(i) ? " NULL" : " " + rows.column_text(i);
    seen.push_back(row);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "1 NULL NULL NULL NULL",
                      std::to_string(sharded_id) + " nightly-1 2 3 point",
                      std::to_string(whole_id) + " nightly-1 NULL NULL NULL",
                  }));
  const RunResult back = load_run(db, sharded_id);
  EXPECT_EQ(back.context.group, "nightly-1");
  EXPECT_EQ(back.context.shard.index, 2);
  EXPECT_EQ(back.context.shard.count, 3);
  EXPECT_EQ(back.context.shard.by, "point");
  EXPECT_FALSE(load_run(db, whole_id).context.shard.sharded());
  EXPECT_EQ(load_run(db, 1).context.group, "");
}

TEST(SqliteSchema, ReaderRefusesAnEmptyFile) {
  TempDir dir;
  const auto path = dir.path() / "empty.db";
  std::ofstream(path).flush();
  EXPECT_THROW(open_history_for_reading(path), StoreError);
  EXPECT_EQ(std::filesystem::file_size(path), 0u);
}

REGISTER_TYPED_TEST_SUITE_P(Schema, FreshDatabaseGetsTheCurrentVersion,
                            VersionOneIsMigratedWithItsDataAndSummariesBackfilled,
                            VersionTwoIsMigratedWithBothRolesProvenanceBackfilled,
                            RecorderStoresTheClientsProvenanceToo, MigratingTwiceChangesNothing,
                            NewerDatabaseIsAClearError,
                            ReaderRefusesAnUnreadableOldDatabaseAndSaysHowToMigrate,
                            ReaderReadsACompatibleOlderDatabaseWithoutMigratingIt,
                            VersionFourReadsAndMigratesWithoutHistograms,
                            VersionSevenKeepsTheGroupAndShardOfARun);
RB_INSTANTIATE_FOR_STORE_BACKEND(Schema);

}  // namespace
}  // namespace rb::store
