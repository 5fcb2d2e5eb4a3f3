// The runs of one group (`runner run --group ID`, schema 7): the shards of one logical run,
// each machine's run stored by itself; `group:ID` (cli/run_source.h) merges them back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "store/database.h"

namespace rb::store {

struct GroupRun {
  std::int64_t id = 0;
  int shard_index = 0;  // 0: the run was not sharded
  std::string status;
};

// Every run stored with this group, oldest first; none in a history older than version 7.
std::vector<GroupRun> group_runs(Database& db, const std::string& group);

// The group ids stored, newest run's first (for an error saying which there are).
std::vector<std::string> list_groups(Database& db, std::size_t limit);

}  // namespace rb::store
