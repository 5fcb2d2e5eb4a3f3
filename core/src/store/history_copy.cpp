#include "store/history_copy.h"

#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "store/schema.h"

namespace rb::store {
namespace {

std::int64_t count_rows(Database& db, const std::string& table) {
  Statement count = db.prepare("SELECT COUNT(*) FROM " + table);
  count.step();
  return count.column_int(0);
}

// The table's rows from `source` into `destination`, column by column by name.
std::size_t copy_table(Database& source, Database& destination, const std::string& table) {
  Statement rows = source.prepare("SELECT * FROM " + table);
  bool more = rows.step();  // PostgreSQL knows the columns once the statement ran
  std::vector<std::string> columns;
  std::vector<std::string> slots;
  for (int i = 0; i < rows.column_count(); ++i) {
    columns.push_back(rows.column_name(i));
    slots.push_back(fmt::format("?{}", i + 1));
  }
  Statement insert = destination.prepare(fmt::format(
      "INSERT INTO {} ({}) VALUES ({})", table, fmt::join(columns, ", "), fmt::join(slots, ", ")));
  std::size_t copied = 0;
  for (; more; more = rows.step()) {
    insert.reset();
    for (int i = 0; i < rows.column_count(); ++i) insert.bind_value(i + 1, rows.column_value(i));
    insert.run();
    ++copied;
  }
  destination.connection().follow_inserted_ids(table);
  return copied;
}

}  // namespace

CopyCounts copy_history(Database& source, Database& destination, const CopyOptions& options) {
  if (const int version = source.user_version(); version != kSchemaVersion)
    throw StoreError(fmt::format(
        "{}: the source has schema version {}, this runner copies version {}: run `runner "
        "history --store {} --migrate` with the runner that matches it first",
        source.name(), version, kSchemaVersion, source.name()));
  const auto& tables = history_tables();
  Transaction tx(destination);
  if (const std::int64_t runs = count_rows(destination, "runs"); runs > 0) {
    if (!options.replace)
      throw StoreError(fmt::format(
          "{}: the destination holds {} run{} already: copy into an empty store, or give "
          "--replace to delete them first",
          destination.name(), runs, runs == 1 ? "" : "s"));
    for (auto table = tables.rbegin(); table != tables.rend(); ++table)
      destination.exec("DELETE FROM " + *table);
  }
  CopyCounts counts;
  for (const auto& table : tables) counts[table] = copy_table(source, destination, table);
  tx.commit();
  return counts;
}

}  // namespace rb::store
