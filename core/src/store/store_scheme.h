// Which backend opens a history store: one table from the location's scheme to the backend
// (store_scheme.cpp), asked by everything that needs to know, so no other code looks at the
// text of a location to tell a file from a database server.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rb::store {

enum class Backend { sqlite, postgres };

struct StoreTarget {
  Backend backend = Backend::sqlite;
  // What the backend opens: the SQLite file's path (a file: URL's path), or the URL as
  // libpq reads it.
  std::string target;
};

// A path (no scheme) or file:PATH, file:///PATH: SQLite; postgresql:// or postgres://:
// PostgreSQL. Any other scheme (letters followed by "://") throws StoreError naming it and
// the known ones, as does a file: URL that names a host other than localhost.
StoreTarget store_target(std::string_view location);

// The backend, or nullopt for a scheme the table does not have; never throws.
std::optional<Backend> backend_of(std::string_view location);

// "a path or file:PATH (SQLite), postgresql:// or postgres:// (PostgreSQL)": for messages.
std::string known_store_schemes();

}  // namespace rb::store
