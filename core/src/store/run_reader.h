// Reading runs back out of the history: which runs there are (newest first, filtered by
// config, host and state) and any one of them whole, samples included, as a RunResult.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/results.h"
#include "store/database.h"

namespace rb::store {

struct StoredRun {
  std::int64_t id = 0;
  std::string started_at;
  std::string finished_at;
  std::string status;  // running (or killed), finished, interrupted, incomplete
  std::string config_name;
  std::string config_path;
  std::string config_sha256;
  std::string workload;
  std::string git_revision;
  std::string host;
  std::size_t cells = 0;
};

struct RunFilter {
  std::string config_name;  // empty: any
  std::string host;         // empty: any
  bool finished_only = false;
  std::optional<std::int64_t> before_id;  // only runs with a smaller id
  std::string started_before;             // only runs started earlier (ISO 8601 UTC)
};

// Newest first, at most `limit` (0: all).
std::vector<StoredRun> list_runs(Database& db, const RunFilter& filter, std::size_t limit = 0);

std::optional<StoredRun> find_run(Database& db, std::int64_t id);

// The run with its context, cells, per-metric summaries and every sample. Throws StoreError
// when there is no such run.
RunResult load_run(Database& db, std::int64_t id);

}  // namespace rb::store
