// Text read back from the history store, checked before anyone prints it: a damaged file
// can hold any bytes where a date, a status or a name belongs, and `history` would put them
// on the terminal. Anything the recorder would not have written is refused as damage.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "store/database.h"

namespace rb::store {

// StoreError "<db>: the database is damaged (<what>) ..." with the way out: SQLite's
// .recover into a new file, or moving the file away to start a new history (PostgreSQL's:
// a backup, or another database).
[[noreturn]] void throw_damaged(const Database& db, const std::string& what);

// printable UTF-8 (no control characters); "2026-03-01T12:34:56Z" (or empty when
// `may_be_empty`); one of the run states (store/run_status.h). Each throws through
// throw_damaged naming the run and the column.
void check_stored_text(const Database& db, std::int64_t run_id, const char* column,
                       std::string_view text);
void check_stored_time(const Database& db, std::int64_t run_id, const char* column,
                       std::string_view text, bool may_be_empty);
void check_stored_status(const Database& db, std::int64_t run_id, std::string_view text);

}  // namespace rb::store
