#include "store/run_groups.h"

#include <fmt/format.h>

#include "store/schema.h"

namespace rb::store {

std::vector<GroupRun> group_runs(Database& db, const std::string& group) {
  std::vector<GroupRun> out;
  if (db.user_version() < kGroupsVersion) return out;
  Statement rows =
      db.prepare("SELECT id, shard_index, status FROM runs WHERE run_group = ?1 ORDER BY id");
  rows.bind(1, group);
  while (rows.step()) {
    GroupRun run;
    run.id = rows.column_int(0);
    run.shard_index = rows.column_is_null(1) ? 0 : static_cast<int>(rows.column_int(1));
    run.status = rows.column_text(2);
    out.push_back(std::move(run));
  }
  return out;
}

std::vector<std::string> list_groups(Database& db, std::size_t limit) {
  std::vector<std::string> out;
  if (db.user_version() < kGroupsVersion) return out;
  Statement rows = db.prepare(
      fmt::format("SELECT run_group FROM runs WHERE run_group IS NOT NULL GROUP BY run_group "
                  "ORDER BY MAX(id) DESC LIMIT {}",
                  limit));
  while (rows.step()) out.push_back(rows.column_text(0));
  return out;
}

}  // namespace rb::store
