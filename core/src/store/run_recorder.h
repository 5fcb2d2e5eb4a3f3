// Appends a run to the history as it happens: the run's row first, then each cell in its
// own transaction the moment it finishes, so a run killed at any point leaves a database
// with every finished cell whole and the run marked "running" (never half a cell). A run
// some cell of which the store could not take (a full disk) ends "incomplete", never
// "finished": `last` and `previous` must not pick a run with cells missing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/results.h"
#include "store/database.h"

namespace rb::store {

struct RunHeader {
  std::string config_name;  // the config's `name`, else its file stem
  std::string config_path;
  std::string config_text;
  std::string workload;
  std::vector<std::string> plugins;
  RunContext context;  // started_at and the machine; finished_at comes with finish()
};

class RunRecorder {
 public:
  // Opens (creating if needed) and migrates the database at `location` (a path or a
  // PostgreSQL URL). Throws StoreError.
  explicit RunRecorder(const std::string& location);

  // Inserts the run with status "running" and returns its id.
  std::int64_t begin(const RunHeader& header);
  // One transaction: the cell, its metric summaries, the provenance of each binary it ran
  // (both sides of a two-process cell) and every sample. When it throws, the run is no
  // longer whole.
  void add_cell(const CellResult& cell);
  // status: "finished" or "interrupted", recorded as "incomplete" when a cell could not be
  // added; the context is rewritten with finished_at set.
  void finish(const RunContext& context, const std::string& status);

  std::int64_t run_id() const { return run_id_; }
  // For messages: the path, or the URL with its password masked.
  const std::string& name() const { return db_.name(); }

 private:
  void insert_cell(const CellResult& cell);

  Database db_;
  std::int64_t run_id_ = 0;
  bool whole_ = true;  // every cell offered was stored
};

// Lowercase hex SHA-256 of a text (the config's hash).
std::string sha256_hex(std::string_view text);

}  // namespace rb::store
