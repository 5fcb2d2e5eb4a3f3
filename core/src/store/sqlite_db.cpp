// The SQLite backend of the history store (store/database.h): a file, foreign keys on, a
// busy timeout so a reader waits for a writer instead of failing, WAL for writers.
#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "store/database.h"

namespace rb::store {
namespace {

constexpr int kBusyTimeoutMs = 10000;

// What a store path names when it is not a file, for the error; nothing for a file.
const char* non_file_kind(std::filesystem::file_type type) {
  switch (type) {
    case std::filesystem::file_type::directory:
      return "a directory";
    case std::filesystem::file_type::fifo:
      return "a FIFO (named pipe)";
    case std::filesystem::file_type::character:
      return "a character device";
    case std::filesystem::file_type::block:
      return "a block device";
    case std::filesystem::file_type::socket:
      return "a socket";
    default:
      return nullptr;
  }
}

// SQLite opens whatever the path names: a FIFO blocks the open forever, a directory or a
// device fails later as "disk I/O error" (issue 31, item 5). Say what the path is instead.
void refuse_non_file_store(const std::string& path) {
  std::error_code ec;
  const auto type = std::filesystem::status(path, ec).type();
  const char* kind = non_file_kind(type);
  if (kind == nullptr) return;
  throw StoreError(
      fmt::format("{}: {}, not a file: a store is an SQLite database file (a path such as {}) or a "
                  "postgresql:// URL",
                  path, kind,
                  type == std::filesystem::file_type::directory
                      ? (std::filesystem::path(path) / "history.db").string()
                      : "results/history.db"));
}

class SqliteConnection;

class SqliteStatement final : public StatementBackend {
 public:
  SqliteStatement(SqliteConnection& db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind(int index, std::int64_t value) override {
    check_bind(sqlite3_bind_int64(stmt_, index, value));
  }
  void bind(int index, double value) override {
    check_bind(sqlite3_bind_double(stmt_, index, value));
  }
  void bind(int index, std::string_view text) override {
    check_bind(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                                 SQLITE_TRANSIENT));
  }
  void bind_null(int index) override { check_bind(sqlite3_bind_null(stmt_, index)); }
  bool step() override;
  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  int column_count() const override { return sqlite3_column_count(stmt_); }
  std::string column_name(int index) const override {
    const char* name = sqlite3_column_name(stmt_, index);
    return name != nullptr ? name : "";
  }
  bool column_is_null(int index) const override {
    return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
  }
  std::int64_t column_int(int index) const override { return sqlite3_column_int64(stmt_, index); }
  double column_double(int index) const override {
    if (column_is_null(index)) return std::numeric_limits<double>::quiet_NaN();
    return sqlite3_column_double(stmt_, index);
  }
  std::string column_text(int index) const override {
    const auto* text = sqlite3_column_text(stmt_, index);
    if (text == nullptr) return {};
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
  }
  SqlValue column_value(int index) const override {
    switch (sqlite3_column_type(stmt_, index)) {
      case SQLITE_NULL:
        return std::monostate{};
      case SQLITE_INTEGER:
        return column_int(index);
      case SQLITE_FLOAT:
        return column_double(index);
      default:
        return column_text(index);
    }
  }

 private:
  void check_bind(int rc);

  SqliteConnection& db_;
  sqlite3_stmt* stmt_;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(const std::string& path, OpenMode mode);
  ~SqliteConnection() override { sqlite3_close(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::sqlite; }
  const std::string& name() const override { return path_; }
  void exec(std::string_view sql) override;
  std::unique_ptr<StatementBackend> prepare(std::string_view sql) override;
  std::int64_t last_insert_id() override { return sqlite3_last_insert_rowid(db_); }
  void begin() override { exec("BEGIN IMMEDIATE"); }
  void lock_schema() override {}  // BEGIN IMMEDIATE holds the write lock already
  int schema_version() override;
  void set_schema_version(int version) override {
    exec("PRAGMA user_version = " + std::to_string(version));
  }
  bool has_column(std::string_view table, std::string_view column) override;
  std::optional<std::string> integrity_problem(std::chrono::milliseconds budget) override;
  void prepare_for_writes() override;
  void follow_inserted_ids(std::string_view) override {}  // sqlite_sequence follows by itself
  std::string recovery_hint() const override {
    return fmt::format(
        "sqlite3 {} \".recover\" | sqlite3 recovered.db, then use recovered.db; or move {} "
        "away and start a new history",
        path_, path_);
  }

  [[noreturn]] void fail(std::string_view what) const {
    throw StoreError(path_ + ": " + std::string(what) + ": " + sqlite3_errmsg(db_));
  }

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

void SqliteStatement::check_bind(int rc) {
  if (rc != SQLITE_OK) db_.fail("cannot bind");
}

bool SqliteStatement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail("cannot run \"" + std::string(sqlite3_sql(stmt_)).substr(0, 60) + "\"");
}

SqliteConnection::SqliteConnection(const std::string& path, OpenMode mode) : path_(path) {
  const bool create = mode == OpenMode::create;
  const int access = mode == OpenMode::read_only ? SQLITE_OPEN_READONLY
                     : create                    ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                                                 : SQLITE_OPEN_READWRITE;
  const int flags = access | SQLITE_OPEN_NOMUTEX;
  refuse_non_file_store(path);
  if (!create && !std::filesystem::exists(path)) throw StoreError(path + ": no such database");
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw StoreError(path + ": cannot open: " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  exec("PRAGMA foreign_keys = ON");
}

void SqliteConnection::exec(std::string_view sql) {
  const std::string text(sql);
  char* error = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error != nullptr ? error : "unknown error";
    sqlite3_free(error);
    throw StoreError(path_ + ": " + message);
  }
}

std::unique_ptr<StatementBackend> SqliteConnection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK)
    fail("cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
  return std::make_unique<SqliteStatement>(*this, stmt);
}

int SqliteConnection::schema_version() {
  auto version = prepare("PRAGMA user_version");
  version->step();
  return static_cast<int>(version->column_int(0));
}

bool SqliteConnection::has_column(std::string_view table, std::string_view column) {
  auto info = prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2");
  info->bind(1, table);
  info->bind(2, column);
  return info->step();
}

int past_deadline(void* deadline) {
  return std::chrono::steady_clock::now() >
                 *static_cast<std::chrono::steady_clock::time_point*>(deadline)
             ? 1
             : 0;
}

// PRAGMA quick_check(1), given at most `budget`: the first damage SQLite finds in the file's
// structure (pages, b-trees, records), or nothing when it finds none - or when the budget
// runs out first, so opening a store of many GB stays quick (it is then checked as far as
// the check got; SQLite still reports damage in what a command reads).
std::optional<std::string> SqliteConnection::integrity_problem(std::chrono::milliseconds budget) {
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

// WAL: readers (history, compare) never block the running benchmark's writes, and a killed
// writer leaves the last committed cell intact. Switching to WAL needs the file to itself,
// and SQLite answers "database is locked" at once rather than waiting while another runner
// opening the same new store holds it: try again, for as long as any other statement would
// wait for a lock.
void SqliteConnection::prepare_for_writes() {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    try {
      exec("PRAGMA journal_mode = WAL");
      break;
    } catch (const StoreError& e) {
      const bool locked = std::string_view(e.what()).ends_with("database is locked");
      if (!locked || std::chrono::steady_clock::now() > deadline) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  exec("PRAGMA synchronous = NORMAL");
}

}  // namespace

std::unique_ptr<Connection> open_sqlite(const std::string& path, OpenMode mode) {
  return std::make_unique<SqliteConnection>(path, mode);
}

}  // namespace rb::store
