// The history database's layout, versioned with PRAGMA user_version. A database written by
// an older runner is migrated forward step by step, each step in its own transaction; one
// written by a newer runner is refused, since this runner cannot know what it would break.
#pragma once

#include "store/sqlite_db.h"

namespace rb::store {

// 1: runs, cells (with plugin provenance) and every sample.
// 2: per-metric summaries of each cell (for history tables without re-reading samples),
//    backfilled from the samples; an index to find a config's runs on a host.
inline constexpr int kSchemaVersion = 2;

// Brings the database to kSchemaVersion (creating it when empty) and sets WAL mode.
// Throws StoreError naming both versions when the database is newer than this runner.
void migrate(Database& db);

// Opens the history at `path` (creating it and its folder when `create`) and migrates it.
Database open_history(const std::filesystem::path& path, bool create);

// Applies the steps up to `target` only: how the tests build a database of an old layout.
void migrate_to(Database& db, int target);

}  // namespace rb::store
