// `runner run --store DB`: the history side of a run. The database is opened (and
// migrated) before anything runs, so a bad path or a newer schema stops the run at once;
// then each cell is committed as it finishes. A write that fails mid-run is reported once
// and ends the storing, never the run: the results directory is still written in full.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "config/test_plan.h"
#include "model/results.h"
#include "store/run_recorder.h"

namespace rb::cli {

// --store, else REACTORBENCH_DB, else the config's [store] path; none when --no-store.
std::optional<std::filesystem::path> run_store_path(
    const std::optional<std::filesystem::path>& flag, bool no_store, const config::TestPlan& plan);

// The name runs are grouped by in the history: the config's `name`, else its file stem.
std::string config_name_of(const config::TestPlan& plan);

class RunStoreSession {
 public:
  // Throws store::StoreError.
  // `location`: a path, or a PostgreSQL URL (store/store_url.h).
  explicit RunStoreSession(const std::filesystem::path& location);

  // Throws store::StoreError.
  void begin(const config::TestPlan& plan, const RunContext& context);
  // Never throws: a failure is printed once and later cells are not stored.
  void record(const CellResult& cell) noexcept;
  // Marks the run finished (or interrupted), links the results directory to it (store.json)
  // and says where it went. Never throws.
  void finish(const RunContext& context, bool interrupted,
              const std::filesystem::path& results_dir) noexcept;

  bool failed() const { return failed_; }

 private:
  void fail(const std::exception& e) noexcept;

  store::RunRecorder recorder_;
  std::filesystem::path location_;
  std::string config_name_;
  bool failed_ = false;
};

}  // namespace rb::cli
