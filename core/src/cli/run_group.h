// A run's place in a fleet (issue 17): which shard of the config's cells it measures
// (`--shard I/N`, or `auto/N` from the scheduler's variables) and the group the shards of one
// logical run share (`--group ID`, or one derived from the config's hash, the runner's git
// revision and the date).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/sharding.h"

namespace rb::cli {

// Reads an environment variable (getenv; a test passes its own).
using EnvLookup = std::function<const char*(const char*)>;

// The variables `--shard auto/N` reads, in this order, and their base: a Kubernetes Indexed
// Job's JOB_COMPLETION_INDEX counts from 0, a Slurm array's SLURM_ARRAY_TASK_ID is taken as
// 1-based (`#SBATCH --array=1-N`; not relative to SLURM_ARRAY_TASK_MIN, which a re-run of one
// task changes).
struct ShardVariable {
  const char* name;
  int base;
};
inline constexpr ShardVariable kShardVariables[] = {{"JOB_COMPLETION_INDEX", 0},
                                                    {"SLURM_ARRAY_TASK_ID", 1}};

// "I/N" (1-based) or "auto/N", and --shard-by ("point" or "cell"). Throws std::runtime_error
// saying what is wrong with the value and what is expected.
exec::ShardChoice parse_shard(std::string_view text, std::string_view by, const EnvLookup& env);

// What the cells and their measurement depend on: the config's text and the options that
// change them (--set, --plugins, --quick, --repetitions, --warmup, --rounds, --duration), as
// lowercase hex SHA-256. Shards of one run must share it.
std::string plan_fingerprint(std::string_view config_text,
                             const std::vector<std::string>& overrides);

// The group of a run without --group: "YYYYMMDD-<git revision>-<fingerprint's first 12>",
// the date from `started_at` (ISO 8601 UTC): the shards a scheduler starts on one day from
// one build and one config share it without being told.
std::string default_group(const std::string& fingerprint, const std::string& git_revision,
                          const std::string& started_at);

// Why `name` cannot be a group id ("" when it can): letters, digits, '.', '_', '-'; 1 to 100.
std::string invalid_group_reason(std::string_view name);

}  // namespace rb::cli
