// The history database's layout, versioned (SQLite's PRAGMA user_version, PostgreSQL's
// schema_version table). A database written by an older runner is migrated forward step by
// step, each step in its own transaction under the schema lock (so runners starting at once
// on one new store migrate it once); one written by a newer runner is refused, since this
// runner cannot know what it would break. One definition for both backends: the steps are
// written in SQLite's dialect and translated for PostgreSQL (store/sql_dialect.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/results.h"
#include "store/database.h"

namespace rb::store {

// 1: runs, cells (with plugin provenance) and every sample.
// 2: per-metric summaries of each cell (for history tables without re-reading samples),
//    backfilled from the samples; an index to find a config's runs on a host.
// 3: cell_provenance: every binary a cell ran, by role ("server" and "client" for a
//    two-process cell, "plugin" otherwise; cells' own columns keep only the server's),
//    backfilled from the stored cell results.
// 4: interference (exec/interference.h): cell_rounds, a row per kept round of a cell (foreign
//    CPU share, steal, load, canary, attempt); cells.disturbed / disturbance; the run's
//    clock resolution and overhead, disturbance threshold and foreign processes as runs
//    columns. Cells and runs stored before are NULL there: not measured.
// 5: sample_histograms: a latency workload's histograms per sample (the corrected one and,
//    open loop, the uncorrected one), with their bucket layout id (model/latency_histograms.h),
//    so a stored run keeps whole distributions. Samples stored before have none (they were
//    not kept): nothing to backfill.
// 6: run_tags: named baselines (`runner tag RUN NAME`), a name per run id.
// 7: runs.run_group, shard_index, shard_count, shard_by: the logical run a run is part of
//    and which shard of it (`runner run --shard I/N --group ID`); runs stored before have
//    NULL there (their contexts have no group either: nothing to backfill).
inline constexpr int kSchemaVersion = 7;

// The oldest layout the read-only commands (history, compare, report, export) can read as
// it is: versions 3 and 4 only add tables and columns they do not query (a RunResult is
// rebuilt from the stored result and context JSON), and version 5's histograms are read
// only from a database that has them.
inline constexpr int kOldestReadableVersion = 2;
inline constexpr int kHistogramsVersion = 5;
inline constexpr int kTagsVersion = 6;    // readers of older ones find no tags
inline constexpr int kGroupsVersion = 7;  // readers of older ones find no groups

// Brings the database to kSchemaVersion (creating it when empty) and sets WAL mode - in
// that order after checking the version, so a database of a newer schema is left exactly
// as it was. Throws StoreError naming both versions when the database is newer than this
// runner. Returns the version found.
int migrate(Database& db);

// The writer's open (`runner run --store`, `runner history --migrate`): opens the history
// at `location` (a path or a PostgreSQL URL; a file is created with its folder when
// `create`) and migrates it. Both opens first check a file's integrity (PRAGMA quick_check,
// bounded in time) and refuse a damaged one with a StoreError naming it and the way to
// recover (store/stored_text.h).
Database open_history(const std::string& location, bool create);

// The readers' open: read-only, never migrates nor changes the journal mode, so the file
// is byte for byte what it was. Throws StoreError when the database is newer than this
// runner, is not a history at all, or is older than kOldestReadableVersion (saying how to
// migrate it).
Database open_history_for_reading(const std::string& location);

// Every table of the current schema, each after the tables it references: the order a whole
// history is copied in (store/history_copy.h).
const std::vector<std::string>& history_tables();

// Version 3's cell_provenance rows of one cell: a row per role of a two-process cell, else
// one "plugin" row; none without provenance. The caller holds the transaction.
void insert_cell_provenance(Database& db, std::int64_t cell_id, const CellResult& cell);

// Applies the steps up to `target` only: how the tests build a database of an old layout.
void migrate_to(Database& db, int target);

}  // namespace rb::store
