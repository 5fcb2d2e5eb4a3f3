#include "store/schema.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "model/json_codec.h"
#include "stats/summary.h"
#include "store/interference_rows.h"
#include "store/store_scheme.h"
#include "store/stored_text.h"

namespace rb::store {
namespace {

// quick_check reads every page: a 650 MB database took 1.5 to 1.9 s on the 2-core machine
// this was written on, so a history of years is checked whole; a store that takes longer is
// checked as far as the budget goes (store/database.h).
constexpr std::chrono::milliseconds kIntegrityCheckBudget{2000};

constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,              -- running | finished | interrupted | incomplete
  config_name TEXT NOT NULL,
  config_path TEXT NOT NULL,
  config_text TEXT NOT NULL,
  config_sha256 TEXT NOT NULL,
  workload TEXT NOT NULL,
  plugins TEXT NOT NULL,             -- JSON array, the config's order
  git_revision TEXT NOT NULL,
  host TEXT NOT NULL,
  cpu_model TEXT NOT NULL,
  kernel TEXT NOT NULL,
  governor TEXT NOT NULL,
  context TEXT NOT NULL              -- the whole RunContext as JSON
);
CREATE TABLE IF NOT EXISTS cells (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  cell_index INTEGER NOT NULL,
  workload TEXT NOT NULL,
  plugin TEXT NOT NULL,
  params TEXT NOT NULL,              -- JSON object, axis order
  params_label TEXT NOT NULL,        -- "pipes=100 active=10 ..."
  status TEXT NOT NULL,
  reason TEXT NOT NULL,
  plugin_version TEXT,               -- provenance (a two-process cell's server), for queries
  library TEXT,
  library_version TEXT,
  so_sha256 TEXT,
  result TEXT NOT NULL,              -- the whole CellResult as summary.json has it
  UNIQUE (run_id, cell_index)
);
CREATE TABLE IF NOT EXISTS samples (
  cell_id INTEGER NOT NULL REFERENCES cells(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,              -- arrival order
  round INTEGER NOT NULL,
  iteration INTEGER NOT NULL,
  metrics TEXT NOT NULL,             -- JSON object name -> value
  counters TEXT NOT NULL,
  PRIMARY KEY (cell_id, seq)
) WITHOUT ROWID;
)sql";

constexpr const char* kSchemaV2 = R"sql(
CREATE TABLE IF NOT EXISTS cell_metrics (
  cell_id INTEGER NOT NULL REFERENCES cells(id) ON DELETE CASCADE,
  metric TEXT NOT NULL,
  n INTEGER NOT NULL,
  median REAL,
  ci_low REAL,
  ci_high REAL,
  summary TEXT NOT NULL,             -- the whole stats::Summary as JSON
  PRIMARY KEY (cell_id, metric)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS runs_by_config_host ON runs (config_name, host, id);
CREATE INDEX IF NOT EXISTS cells_by_identity ON cells (workload, plugin, params_label);
)sql";

constexpr const char* kSchemaV3 = R"sql(
CREATE TABLE IF NOT EXISTS cell_provenance (
  cell_id INTEGER NOT NULL REFERENCES cells(id) ON DELETE CASCADE,
  role TEXT NOT NULL,                -- server | client (two-process cells) | plugin
  path TEXT NOT NULL,
  plugin_version TEXT NOT NULL,
  library TEXT NOT NULL,
  library_version TEXT NOT NULL,
  so_sha256 TEXT NOT NULL,
  PRIMARY KEY (cell_id, role)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS cell_provenance_by_sha256 ON cell_provenance (so_sha256);
CREATE INDEX IF NOT EXISTS cell_provenance_by_library ON cell_provenance (library, library_version);
)sql";

constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE IF NOT EXISTS cell_rounds (
  cell_id INTEGER NOT NULL REFERENCES cells(id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  attempt INTEGER NOT NULL,          -- 0, or the retry kept after disturbed attempts
  cpus TEXT NOT NULL,                -- JSON array: the CPUs whose busy time was read
  foreign_cpu_share REAL NOT NULL,   -- of those CPUs' time, busy with other work
  steal_share REAL NOT NULL,
  load_average REAL NOT NULL,        -- 1-minute, at the round's end
  canary_cpu_ns REAL NOT NULL,       -- 0: no canary (the child did not get that far)
  canary_syscall_ns REAL NOT NULL,
  wall_s REAL NOT NULL,              -- the attempt's wall time, child start to exit
  disturbed INTEGER NOT NULL,
  PRIMARY KEY (cell_id, round)
) WITHOUT ROWID;
ALTER TABLE cells ADD COLUMN disturbed INTEGER;             -- NULL: not measured
ALTER TABLE cells ADD COLUMN disturbance TEXT;
ALTER TABLE runs ADD COLUMN clock_resolution_ns REAL;       -- NULL: not measured
ALTER TABLE runs ADD COLUMN clock_overhead_ns REAL;
ALTER TABLE runs ADD COLUMN disturbance_threshold REAL;
ALTER TABLE runs ADD COLUMN foreign_processes TEXT;         -- JSON array
)sql";

// From version 5 on, each step's SQL is portable as it is; the steps before use SQLite's
// keys, types and WITHOUT ROWID, which store/sql_dialect.h translates for PostgreSQL.
constexpr const char* kSchemaV5 = R"sql(
CREATE TABLE IF NOT EXISTS sample_histograms (
  cell_id INTEGER NOT NULL REFERENCES cells(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,              -- the sample's samples.seq
  kind TEXT NOT NULL,                -- latency | uncorrected_latency
  layout TEXT NOT NULL,              -- the buckets' layout id
  buckets TEXT NOT NULL,             -- JSON [[bucket, count], ...], non-empty ones ascending
  PRIMARY KEY (cell_id, seq, kind)
);
)sql";

constexpr const char* kSchemaV6 = R"sql(
CREATE TABLE IF NOT EXISTS run_tags (
  name TEXT PRIMARY KEY,             -- store/run_tags.h says which names
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  tagged_at TEXT NOT NULL            -- ISO 8601 UTC: when it last moved
);
)sql";

constexpr const char* kSchemaV7 = R"sql(
ALTER TABLE runs ADD COLUMN run_group TEXT;       -- NULL: stored before runs had groups
ALTER TABLE runs ADD COLUMN shard_index INTEGER;  -- 1-based; NULL: every cell (not sharded)
ALTER TABLE runs ADD COLUMN shard_count INTEGER;
ALTER TABLE runs ADD COLUMN shard_by TEXT;        -- point | cell
CREATE INDEX IF NOT EXISTS runs_by_group ON runs (run_group, id);
)sql";

// Version 2's summaries for cells stored by version 1, taken from the cell results they
// were stored with, so they are exactly what the run itself reported.
void backfill_cell_metrics(Database& db) {
  Statement cells = db.prepare("SELECT id, result FROM cells");
  Statement insert = db.prepare(
      "INSERT INTO cell_metrics (cell_id, metric, n, median, ci_low, ci_high, summary) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  while (cells.step()) {
    const std::int64_t id = cells.column_int(0);
    const model::Json result = model::parse_json(cells.column_text(1));
    for (const auto& [name, json] :
         model::JsonField(result, "cells.result").at("metrics").members()) {
      stats::Summary s;
      model::from_json(json, s);
      insert.reset();
      insert.bind(1, id).bind(2, name).bind(3, static_cast<std::int64_t>(s.n));
      insert.bind(4, s.median).bind(5, s.ci_low).bind(6, s.ci_high);
      insert.bind(7, model::dump_json(json.json()));
      insert.run();
    }
  }
}

// Every stored cell's id and result, for the migrations that add rows derived from them.
void for_each_stored_cell(Database& db,
                          const std::function<void(std::int64_t, const CellResult&)>& each) {
  Statement cells = db.prepare("SELECT id, result FROM cells");
  while (cells.step()) {
    CellResult cell;
    model::from_json(model::parse_json(cells.column_text(1)), cell);
    each(cells.column_int(0), cell);
  }
}

// Version 3's rows for cells stored before it, from the provenance their results hold.
void backfill_cell_provenance(Database& db) {
  for_each_stored_cell(
      db, [&](std::int64_t id, const CellResult& cell) { insert_cell_provenance(db, id, cell); });
}

// Version 4's rows and columns for what was stored before it, from the stored cell results
// and run contexts: only results written with interference have any (the rest stay NULL).
void backfill_interference(Database& db) {
  for_each_stored_cell(
      db, [&](std::int64_t id, const CellResult& cell) { insert_cell_interference(db, id, cell); });
  Statement runs = db.prepare("SELECT id, context FROM runs");
  while (runs.step()) {
    const model::Json context = model::parse_json(runs.column_text(1));
    if (!context.contains("clock_resolution_ns")) continue;
    RunContext c;
    model::from_json(context, c);
    update_run_machine_fields(db, runs.column_int(0), c);
  }
}

// The caller holds the write transaction.
void apply_step(Database& db, int version) {
  if (version == 1) db.exec(kSchemaV1);
  if (version == 2) {
    db.exec(kSchemaV2);
    backfill_cell_metrics(db);
  }
  if (version == 3) {
    db.exec(kSchemaV3);
    backfill_cell_provenance(db);
  }
  if (version == 4) {
    db.exec(kSchemaV4);
    backfill_interference(db);
  }
  if (version == 5) db.exec(kSchemaV5);
  if (version == 6) db.exec(kSchemaV6);
  if (version == 7) db.exec(kSchemaV7);
  db.set_user_version(version);
}

void refuse_newer(const Database& db, int found) {
  if (found > kSchemaVersion)
    throw StoreError(fmt::format(
        "{}: the database has schema version {}, newer than this runner's {}: it was written "
        "by a newer reactorbench; use that one (or another --store). The file was not changed",
        db.name(), found, kSchemaVersion));
}

// Before anything is read or appended: a damaged file read as if fine gave dates of
// binary garbage and another run's values, and `run --store` appended to it.
void refuse_damaged(Database& db) {
  if (const auto problem = db.quick_check(kIntegrityCheckBudget)) throw_damaged(db, *problem);
}

}  // namespace

void insert_cell_provenance(Database& db, std::int64_t cell_id, const CellResult& cell) {
  std::vector<std::pair<std::string, const Provenance*>> rows;
  for (const auto& [role, p] : cell.provenance_by_role) rows.emplace_back(role, &p);
  if (rows.empty() && cell.provenance) rows.emplace_back("plugin", &*cell.provenance);
  if (rows.empty()) return;
  Statement insert = db.prepare(
      "INSERT INTO cell_provenance (cell_id, role, path, plugin_version, library, "
      "library_version, so_sha256) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  for (const auto& [role, p] : rows) {
    insert.reset();
    insert.bind(1, cell_id).bind(2, role).bind(3, p->path).bind(4, p->plugin_version);
    insert.bind(5, p->library).bind(6, p->library_version).bind(7, p->sha256);
    insert.run();
  }
}

void migrate_to(Database& db, int target) {
  refuse_newer(db, db.user_version());
  for (;;) {
    // The version again under the schema lock (SQLite's write lock, PostgreSQL's advisory
    // lock): another runner that opened the same new store a moment earlier may have
    // created or migrated it meanwhile.
    Transaction tx(db);
    db.connection().lock_schema();
    const int found = db.user_version();
    refuse_newer(db, found);
    if (found >= target) return;
    apply_step(db, found + 1);
    tx.commit();
  }
}

Database open_history(const std::string& location, bool create) {
  const StoreTarget store = store_target(location);
  const std::filesystem::path path(store.target);
  if (create && store.backend == Backend::sqlite && path.has_parent_path())
    std::filesystem::create_directories(path.parent_path());
  Database db(location, create);
  refuse_damaged(db);
  migrate(db);
  return db;
}

Database open_history_for_reading(const std::string& location) {
  Database db(location, OpenMode::read_only);
  refuse_damaged(db);
  const int found = db.user_version();
  refuse_newer(db, found);
  if (found == 0)
    throw StoreError(fmt::format("{}: not a reactorbench history (no schema: {})", db.name(),
                                 db.dialect() == Dialect::sqlite
                                     ? "an empty file or another SQLite database"
                                     : "an empty database, or another application's"));
  if (found < kOldestReadableVersion)
    throw StoreError(fmt::format(
        "{}: the database has schema version {}, older than this runner reads ({} to {}); "
        "read-only commands do not migrate it: run `runner history --store {} --migrate` (or "
        "store a run into it with `runner run ... --store`) first",
        db.name(), found, kOldestReadableVersion, kSchemaVersion, db.name()));
  return db;
}

const std::vector<std::string>& history_tables() {
  static const std::vector<std::string> kTables = {
      "runs",        "cells",           "samples",           "cell_metrics",
      "cell_rounds", "cell_provenance", "sample_histograms", "run_tags"};
  return kTables;
}

int migrate(Database& db) {
  // The version first: a newer database is refused before anything (even the journal mode,
  // which lives in the file's header) is written to it.
  const int found = db.user_version();
  refuse_newer(db, found);
  db.connection().prepare_for_writes();
  migrate_to(db, kSchemaVersion);
  return found;
}

}  // namespace rb::store
