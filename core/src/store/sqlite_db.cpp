#include "store/sqlite_db.h"

#include <sqlite3.h>

#include <cmath>
#include <limits>
#include <utility>

namespace rb::store {

namespace {
constexpr int kBusyTimeoutMs = 10000;
}

Database::Database(const std::filesystem::path& path, bool create)
    : Database(path, create ? OpenMode::create : OpenMode::read_write) {}

Database::Database(const std::filesystem::path& path, OpenMode mode) : path_(path) {
  const bool create = mode == OpenMode::create;
  const int access = mode == OpenMode::read_only ? SQLITE_OPEN_READONLY
                     : create                    ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                                                 : SQLITE_OPEN_READWRITE;
  const int flags = access | SQLITE_OPEN_NOMUTEX;
  if (!create && !std::filesystem::exists(path))
    throw StoreError(path.string() + ": no such database");
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(path.string() + ": cannot open: " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  exec("PRAGMA foreign_keys = ON");
}

Database::~Database() {
  if (db_ != nullptr) sqlite3_close(db_);
}

Database::Database(Database&& other) noexcept
    : path_(std::move(other.path_)), db_(std::exchange(other.db_, nullptr)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    if (db_ != nullptr) sqlite3_close(db_);
    path_ = std::move(other.path_);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

void Database::fail(std::string_view what) const {
  throw StoreError(path_.string() + ": " + std::string(what) + ": " +
                   (db_ != nullptr ? sqlite3_errmsg(db_) : "not open"));
}

void Database::exec(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error != nullptr ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError(path_.string() + ": " + message);
  }
}

Statement Database::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK)
    fail("cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
  return Statement(*this, stmt);
}

std::int64_t Database::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_);
}

namespace {

int past_deadline(void* deadline) {
  return std::chrono::steady_clock::now() >
                 *static_cast<std::chrono::steady_clock::time_point*>(deadline)
             ? 1
             : 0;
}

}  // namespace

std::optional<std::string> Database::quick_check(std::chrono::milliseconds budget) {
  constexpr int kInstructionsPerLook = 10000;
  auto deadline = std::chrono::steady_clock::now() + budget;
  sqlite3_progress_handler(db_, kInstructionsPerLook, past_deadline, &deadline);
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v2(db_, "PRAGMA quick_check(1)", -1, &stmt, nullptr);
  std::optional<std::string> problem;
  if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    const auto* text = sqlite3_column_text(stmt, 0);
    const std::string result = text != nullptr ? reinterpret_cast<const char*>(text) : "";
    if (result != "ok") problem = result;
  } else if (rc != SQLITE_INTERRUPT && (rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) {
    // Busy or locked (another runner creating the store or switching it to WAL) is not
    // damage: the check could not run, and the caller's own statements wait for the lock.
    problem = sqlite3_errmsg(db_);  // "file is not a database", "database disk image is malformed"
  }
  sqlite3_finalize(stmt);
  sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  return problem;
}

int Database::user_version() {
  Statement stmt = prepare("PRAGMA user_version");
  stmt.step();
  return static_cast<int>(stmt.column_int(0));
}

void Database::set_user_version(int version) {
  exec("PRAGMA user_version = " + std::to_string(version));
}

Statement::~Statement() {
  if (stmt_ != nullptr) sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) db_->fail("cannot bind");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (std::isnan(value)) return bind_null(index);
  if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) db_->fail("cannot bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    db_->fail("cannot bind");
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_->fail("cannot bind");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("cannot run \"" + std::string(sqlite3_sql(stmt_)).substr(0, 60) + "\"");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::column_int(int index) const {
  return sqlite3_column_int64(stmt_, index);
}

double Statement::column_double(int index) const {
  if (column_is_null(index)) return std::numeric_limits<double>::quiet_NaN();
  return sqlite3_column_double(stmt_, index);
}

std::string Statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(stmt_, index);
  if (text == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
}

bool Statement::column_is_null(int index) const {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
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
