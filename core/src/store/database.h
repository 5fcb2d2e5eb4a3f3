// The history store's database: one interface (Connection, StatementBackend) that each
// backend implements - SQLite (store/sqlite_db.cpp) and PostgreSQL (store/pg_db.cpp) - and
// the handles the rest of the store uses (Database, Statement, Transaction). Every
// statement is written once, in SQLite's dialect; the PostgreSQL backend translates it
// (store/sql_dialect.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "store/sql_dialect.h"

namespace rb::store {

// Every failure of the history store: "<database>: <what>: <the backend's message>", the
// database named as masked_location (store/store_url.h) shows it.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// read_only: nothing done through the connection can change the database (SQLite may
// still create the -wal/-shm side files of a WAL database; PostgreSQL sessions are
// default_transaction_read_only).
enum class OpenMode { read_only, read_write, create };

// A column's value whatever its type, for code that copies rows it does not interpret.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string>;

class StatementBackend {
 public:
  virtual ~StatementBackend() = default;
  virtual void bind(int index, std::int64_t value) = 0;
  virtual void bind(int index, double value) = 0;  // finite; NaN is bound as NULL
  virtual void bind(int index, std::string_view text) = 0;
  virtual void bind_null(int index) = 0;
  virtual bool step() = 0;
  virtual void reset() = 0;
  virtual int column_count() const = 0;
  virtual std::string column_name(int index) const = 0;
  virtual bool column_is_null(int index) const = 0;
  virtual std::int64_t column_int(int index) const = 0;
  virtual double column_double(int index) const = 0;
  virtual std::string column_text(int index) const = 0;
  virtual SqlValue column_value(int index) const = 0;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  // The path, or the URL with its password masked.
  virtual const std::string& name() const = 0;
  // One or more statements that return no rows, in SQLite's dialect.
  virtual void exec(std::string_view sql) = 0;
  virtual std::unique_ptr<StatementBackend> prepare(std::string_view sql) = 0;
  virtual std::int64_t last_insert_id() = 0;
  // A write transaction: SQLite's BEGIN IMMEDIATE (the write lock up front, so writers queue
  // rather than deadlock); PostgreSQL's BEGIN (rows of different runs never conflict).
  virtual void begin() = 0;
  // Inside a transaction: holds every other migrator off until it ends (SQLite's write lock
  // already does; PostgreSQL takes a transaction-scoped advisory lock).
  virtual void lock_schema() = 0;
  // The schema version this database was written with (0: none): SQLite's user_version,
  // PostgreSQL's schema_version table.
  virtual int schema_version() = 0;
  virtual void set_schema_version(int version) = 0;
  virtual bool has_column(std::string_view table, std::string_view column) = 0;
  // Damage in the storage itself, looked for for at most `budget`; nothing when none.
  virtual std::optional<std::string> integrity_problem(std::chrono::milliseconds budget) = 0;
  // What a writer sets once before migrating (SQLite: WAL, synchronous NORMAL).
  virtual void prepare_for_writes() = 0;
  // After rows were inserted with their ids given: the next id the table hands out follows
  // the largest (PostgreSQL's identity sequences; SQLite does that by itself).
  virtual void follow_inserted_ids(std::string_view table) = 0;
  // How to get back what can be saved of a damaged database, for the error message.
  virtual std::string recovery_hint() const = 0;
};

class Statement;

class Database {
 public:
  // A SQLite file for a path, a PostgreSQL database for a postgresql:// or postgres:// URL.
  // A missing SQLite file is an error unless `mode` is create. Throws StoreError.
  Database(const std::string& location, OpenMode mode);
  Database(const std::string& location, bool create);
  explicit Database(std::unique_ptr<Connection> connection);

  void exec(std::string_view sql) { connection_->exec(sql); }
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_id() const { return connection_->last_insert_id(); }
  std::optional<std::string> quick_check(std::chrono::milliseconds budget) {
    return connection_->integrity_problem(budget);
  }
  int user_version() { return connection_->schema_version(); }
  void set_user_version(int version) { connection_->set_schema_version(version); }
  bool has_column(std::string_view table, std::string_view column) {
    return connection_->has_column(table, column);
  }

  Dialect dialect() const { return connection_->dialect(); }
  Connection& connection() { return *connection_; }
  const Connection& connection() const { return *connection_; }
  // For messages: the path, or the URL with its password masked.
  const std::string& name() const { return connection_->name(); }
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::unique_ptr<Connection> connection_;
};

class Statement {
 public:
  explicit Statement(std::unique_ptr<StatementBackend> backend) : backend_(std::move(backend)) {}

  // Parameters are 1-based, as in SQL's ?1, ?2 ...
  Statement& bind(int index, std::int64_t value) {
    backend_->bind(index, value);
    return *this;
  }
  Statement& bind(int index, double value);  // NaN is stored as NULL
  Statement& bind(int index, std::string_view text) {
    backend_->bind(index, text);
    return *this;
  }
  Statement& bind_null(int index) {
    backend_->bind_null(index);
    return *this;
  }
  Statement& bind_value(int index, const SqlValue& value);

  // True while there is a row to read; false when done. Throws StoreError.
  bool step() { return backend_->step(); }
  // Steps once and expects no row (INSERT, UPDATE ...).
  void run() {
    while (step()) {
    }
  }
  void reset() { backend_->reset(); }

  std::int64_t column_int(int index) const { return backend_->column_int(index); }
  double column_double(int index) const { return backend_->column_double(index); }   // NULL: NaN
  std::string column_text(int index) const { return backend_->column_text(index); }  // NULL: ""
  bool column_is_null(int index) const { return backend_->column_is_null(index); }
  int column_count() const { return backend_->column_count(); }
  std::string column_name(int index) const { return backend_->column_name(index); }
  SqlValue column_value(int index) const { return backend_->column_value(index); }

 private:
  std::unique_ptr<StatementBackend> backend_;
};

// A write transaction (Connection::begin) on construction, ROLLBACK on destruction unless
// commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

// The backends (store/sqlite_db.cpp, store/pg_db.cpp).
std::unique_ptr<Connection> open_sqlite(const std::string& path, OpenMode mode);
std::unique_ptr<Connection> open_postgres(const std::string& url, OpenMode mode);

}  // namespace rb::store
