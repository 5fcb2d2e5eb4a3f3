// Named baselines: `runner tag RUN NAME` gives a stored run a name that every command taking
// a run accepts (`compare nightly-base last`, `report RUN --baseline v1.2`), as hyperfine's
// and criterion's saved baselines do. Tagging a name again moves it to the new run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/database.h"

namespace rb::store {

struct RunTag {
  std::string name;
  std::int64_t run_id = 0;
  std::string tagged_at;  // ISO 8601 UTC
};

// Why `name` cannot be a tag, or "" when it can: a letter first, then letters, digits, '.',
// '_' or '-', at most 64 in all, and not a reference the commands already read ("last",
// "last~N", "previous").
std::string invalid_tag_reason(std::string_view name);

// Names run `run_id` `name` (the caller opened the history for writing); the run it named
// before, if any. Throws StoreError when there is no such run or the name is invalid.
std::optional<std::int64_t> set_tag(Database& db, std::string_view name, std::int64_t run_id,
                                    std::string_view tagged_at);

// The run `name` names; nullopt when no tag has that name, also in a history older than tags.
std::optional<std::int64_t> find_tag(Database& db, std::string_view name);

// Every tag, by name.
std::vector<RunTag> list_tags(Database& db);

}  // namespace rb::store
