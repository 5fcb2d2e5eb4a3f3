// What `compare`, `report` and `export` accept as a run: a results directory, a run id in
// the history store ("12" or "#12"), "last" / "last~N" (the newest finished runs in the
// store of one config: --config's, else the newest finished run's; optionally of one host),
// a tag (`runner tag RUN NAME`: a named baseline, store/run_tags.h), or - as a baseline -
// "previous": the newest finished run of the same config on the same host before the other
// run; or "group:ID": the shards of one run (`runner run --shard I/N --group ID`) stored by
// each machine, merged (report/shard_merge.h). A directory wins over a tag of the same name.
// The store is only read, never migrated.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "model/results.h"
#include "store/run_reader.h"

namespace rb::cli {

struct RunSourceOptions {
  std::optional<std::filesystem::path> store;  // --store, else REACTORBENCH_DB
  std::string config;  // narrows last / last~N; empty: the newest finished run's config
  std::string host;
};

struct LoadedRun {
  RunResult run;      // with samples
  std::string label;  // "run 12 (smoke, 2026-03-01T12:00:00Z, host, git abc1234)"
  std::optional<std::int64_t> store_id;
  std::optional<std::filesystem::path> store_path;  // where store_id lives
  std::string config_name;
  std::filesystem::path results_dir;  // empty for a stored run
};

// --store when given, else REACTORBENCH_DB when set and not empty.
std::optional<std::filesystem::path> store_path_or_env(
    const std::optional<std::filesystem::path>& flag);

inline constexpr std::string_view kGroupPrefix = "group:";

inline bool is_previous_ref(std::string_view ref) {
  return ref == "previous";
}

// Throws std::runtime_error with a one-line explanation for a reference that names nothing.
LoadedRun load_run_ref(const std::string& ref, const RunSourceOptions& options);

// The store to look `run`'s history up in: --store (or REACTORBENCH_DB), else the one it was
// loaded from; nullopt when there is neither.
std::optional<std::filesystem::path> history_store_of(const LoadedRun& run,
                                                      const RunSourceOptions& options);

// Finished stored runs of `run`'s config on its host, up to it: when `run` is stored in
// `store` itself (same_store is set), those with a smaller id; otherwise those started before
// it.
store::RunFilter earlier_runs(const LoadedRun& run, const std::filesystem::path& store,
                              bool& same_store);

// The baseline for `of`: the newest finished stored run of the same config on the same
// host that came before it; nullopt when there is none. Throws when there is no store.
std::optional<LoadedRun> load_previous_run(const LoadedRun& of, const RunSourceOptions& options);

}  // namespace rb::cli
