// The shards of one logical run (`runner run --shard I/N --group ID` on N machines) put back
// together: `runner merge DIR... --out DIR`, and `group:ID` from the history store. The
// merged run has every shard's cells in plan order, each with the shard it was measured in,
// and every shard's context (its host, CPU, kernel...) in RunResult::shards.
#pragma once

#include <string>
#include <vector>

#include "model/results.h"

namespace rb::report {

struct ShardRun {
  std::string source;  // what errors name it by: a directory, "run 12"
  RunResult run;
};

struct MergedShards {
  RunResult run;
  std::vector<int> missing;  // shards of the group (1-based) none of the inputs measured
};

// Throws std::runtime_error naming the sources when they are not shards of one run: no
// group (a run without --shard), another group, another config (its plan hash: the config
// and the options that change its cells), another split (--shard .../N, --shard-by), the same
// shard twice, or a cell in two of them.
MergedShards merge_shards(std::vector<ShardRun> shards);

}  // namespace rb::report
