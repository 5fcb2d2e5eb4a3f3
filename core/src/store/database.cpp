#include "store/database.h"

#include <cmath>

#include "store/store_scheme.h"

namespace rb::store {
namespace {

std::unique_ptr<Connection> open_backend(const std::string& location, OpenMode mode) {
  const StoreTarget store = store_target(location);
  switch (store.backend) {
    case Backend::postgres:
      return open_postgres(store.target, mode);
    case Backend::sqlite:
      break;
  }
  return open_sqlite(store.target, mode);
}

}  // namespace

Database::Database(const std::string& location, OpenMode mode)
    : connection_(open_backend(location, mode)) {}

Database::Database(const std::string& location, bool create)
    : Database(location, create ? OpenMode::create : OpenMode::read_write) {}

Database::Database(std::unique_ptr<Connection> connection) : connection_(std::move(connection)) {}

Statement Database::prepare(std::string_view sql) {
  return Statement(connection_->prepare(sql));
}

void Database::fail(std::string_view what) const {
  throw StoreError(name() + ": " + std::string(what));
}

Statement& Statement::bind(int index, double value) {
  if (std::isnan(value))
    backend_->bind_null(index);
  else
    backend_->bind(index, value);
  return *this;
}

Statement& Statement::bind_value(int index, const SqlValue& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return bind(index, *i);
  if (const auto* d = std::get_if<double>(&value)) return bind(index, *d);
  if (const auto* s = std::get_if<std::string>(&value)) return bind(index, std::string_view(*s));
  return bind_null(index);
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.connection().begin();
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (...) {
    // Rolling back after a failed statement can itself fail (the transaction may already
    // be gone); a destructor must not throw, and there is nothing left to undo.
  }
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

}  // namespace rb::store
