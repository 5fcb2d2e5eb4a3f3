// `runner store copy SRC DST`: a whole history from one store to another - SQLite to
// PostgreSQL or back, or between two of a kind - every table's rows as they are, so run
// ids, cell ids, tags, samples and histograms read back the same from the copy.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "store/database.h"

namespace rb::store {

struct CopyOptions {
  // The destination may hold runs already: they are deleted first (in the copy's
  // transaction). Without it a non-empty destination is refused.
  bool replace = false;
};

// Rows copied, by table.
using CopyCounts = std::map<std::string, std::size_t>;

// Copies every table of `source` (read as it is; it must have this runner's schema: migrate
// it first) into `destination` (opened for writing, migrated: open_history) in one
// transaction. Throws StoreError naming the store and the reason.
CopyCounts copy_history(Database& source, Database& destination, const CopyOptions& options);

}  // namespace rb::store
