// Where a history lives: a SQLite file (a path) or a PostgreSQL database (a
// postgresql:// or postgres:// URL, as libpq reads it). A URL may carry a password; no
// message, log line or file the runner writes ever shows it.
#pragma once

#include <string>
#include <string_view>

namespace rb::store {

// Whether the scheme table (store/store_scheme.h) opens it with PostgreSQL.
bool is_postgres_url(std::string_view location);

// The location as messages show it: a path as it is; a URL with its password (in the
// user-info part or a password= parameter) replaced by "***".
std::string masked_location(std::string_view location);

// The location with its password left out entirely (libpq then takes it from PGPASSWORD,
// PGPASSFILE or ~/.pgpass): what a results directory's store.json records.
std::string location_without_password(std::string_view location);

// The location as a one-line note shows it: a URL masked, a path's file name alone.
std::string short_location(std::string_view location);

// Whether two locations name one store: the same file (however the paths are spelt), or
// the same URL once passwords are left out.
bool same_location(const std::string& a, const std::string& b);

}  // namespace rb::store
