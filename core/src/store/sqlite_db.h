// A thin RAII layer over the SQLite C API: a connection, prepared statements with typed
// binds and columns, and transactions that roll back unless committed.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace rb::store {

// Every failure of the history store: "<database>: <what>: <SQLite's message>".
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement;

// read_only: SQLITE_OPEN_READONLY, so nothing done through the connection can change the
// file (SQLite may still create the -wal/-shm side files of a WAL database).
enum class OpenMode { read_only, read_write, create };

class Database {
 public:
  // Opens (creating it when `create` is true) with foreign keys on and a busy timeout, so
  // a reader waits for a writer instead of failing. Throws StoreError.
  Database(const std::filesystem::path& path, bool create);
  Database(const std::filesystem::path& path, OpenMode mode);
  ~Database();
  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements that return no rows.
  void exec(std::string_view sql);
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_id() const;
  // PRAGMA quick_check(1), given at most `budget`: the first damage SQLite finds in the
  // file's structure (pages, b-trees, records), or nothing when it finds none - or when the
  // budget runs out first, so opening a store of many GB stays quick (it is then checked as
  // far as the check got; SQLite still reports damage in what a command reads).
  std::optional<std::string> quick_check(std::chrono::milliseconds budget);
  // PRAGMA user_version: the schema version this database was written with.
  int user_version();
  void set_user_version(int version);

  const std::filesystem::path& path() const { return path_; }
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Database& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQL's ?1, ?2 ...
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);  // NaN is stored as NULL
  Statement& bind(int index, std::string_view text);
  Statement& bind_null(int index);

  // True while there is a row to read; false when done. Throws StoreError.
  bool step();
  // Steps once and expects no row (INSERT, UPDATE ...).
  void run();
  void reset();

  std::int64_t column_int(int index) const;
  double column_double(int index) const;     // NULL reads as NaN
  std::string column_text(int index) const;  // NULL reads as ""
  bool column_is_null(int index) const;

 private:
  Database* db_;
  sqlite3_stmt* stmt_;
};

// BEGIN IMMEDIATE on construction (taking the write lock up front, so two writers queue
// rather than deadlock), ROLLBACK on destruction unless commit() was called.
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

}  // namespace rb::store
