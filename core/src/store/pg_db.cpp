// The PostgreSQL backend of the history store (store/database.h), over libpq. The location
// is a postgresql:// (or postgres://) URL; libpq takes what the URL leaves out from the
// PG* environment variables and PGPASSFILE / ~/.pgpass. Statements arrive in SQLite's
// dialect and are translated (store/sql_dialect.h); values travel as text. No message
// shows the password: the URL is named masked, and libpq's own messages are scrubbed of it.
#include <libpq-fe.h>
#include <poll.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "store/database.h"
#include "store/store_url.h"

namespace rb::store {
namespace {

// pg_advisory_xact_lock's key for migrations: any constant every runner agrees on.
constexpr std::int64_t kSchemaLockKey = 0x7262'7374'6f72'65;  // "rbstore"

// libpq's type oids of the columns the store has (pg_type.h).
constexpr Oid kInt8 = 20, kInt2 = 21, kInt4 = 23, kFloat4 = 700, kFloat8 = 701, kNumeric = 1700;

// A paused (SIGSTOP) or wedged server still has its kernel accept connections and acknowledge
// bytes, so nothing below TCP ever fails: libpq would wait forever, in the connect and in every
// statement (issue 31). The connect gives up after connect_timeout (this default unless the
// URL or PGCONNECT_TIMEOUT sets one); a statement after kAnswerTimeout without a byte from
// the server (REACTORBENCH_PG_ANSWER_TIMEOUT seconds overrides it, for a slow link or a test).
constexpr const char* kDefaultConnectTimeout = "10";
constexpr int kAnswerTimeoutSeconds = 60;

int answer_timeout_seconds() {
  const char* given = std::getenv("REACTORBENCH_PG_ANSWER_TIMEOUT");
  if (given == nullptr) return kAnswerTimeoutSeconds;
  const int seconds = std::atoi(given);
  return seconds > 0 ? seconds : kAnswerTimeoutSeconds;
}

// The URL's connect_timeout, else PGCONNECT_TIMEOUT's, else ours: what the connect waits.
std::string connect_timeout_of(const std::string& url) {
  std::string found;
  if (PQconninfoOption* options = PQconninfoParse(url.c_str(), nullptr)) {
    for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o)
      if (std::string_view(o->keyword) == "connect_timeout" && o->val != nullptr) found = o->val;
    PQconninfoFree(options);
  }
  if (!found.empty()) return found;
  const char* env = std::getenv("PGCONNECT_TIMEOUT");
  return env != nullptr && *env != '\0' ? env : kDefaultConnectTimeout;
}

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

class PgConnection final : public Connection {
 public:
  PgConnection(const std::string& url, OpenMode mode);
  ~PgConnection() override { PQfinish(conn_); }
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  Dialect dialect() const override { return Dialect::postgres; }
  const std::string& name() const override { return name_; }
  void exec(std::string_view sql) override;
  std::unique_ptr<StatementBackend> prepare(std::string_view sql) override;
  std::int64_t last_insert_id() override;
  void begin() override { exec("BEGIN"); }
  void lock_schema() override {
    exec(fmt::format("SELECT pg_advisory_xact_lock({})", kSchemaLockKey));
  }
  int schema_version() override;
  void set_schema_version(int version) override {
    exec(
        fmt::format("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL); "
                    "DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES ({})",
                    version));
  }
  bool has_column(std::string_view table, std::string_view column) override;
  std::optional<std::string> integrity_problem(std::chrono::milliseconds) override {
    return std::nullopt;  // the server keeps its own storage whole (checksums, WAL)
  }
  void prepare_for_writes() override {}
  void follow_inserted_ids(std::string_view table) override;
  std::string recovery_hint() const override {
    return "restore the database from a backup (pg_dump), or give --store another database";
  }

  // The result of `text` run with `values`; throws StoreError unless it succeeded.
  Result run(const std::string& text, const std::vector<const char*>& values,
             std::string_view what);
  // The last result of what was sent, waiting at most the answer timeout for each byte.
  Result await_result(std::string_view what);
  [[noreturn]] void fail(std::string_view what, const std::string& message) const {
    throw StoreError(fmt::format("{}: {}: {}", name_, what, scrubbed(trimmed(message))));
  }

 private:
  std::string scrubbed(std::string text) const;
  // Waits until the server's socket is ready for `events`; throws when it stays silent.
  void wait_for_server(short events, std::string_view what);

  std::string name_;
  std::string password_;  // as libpq decoded it from the URL: never in a message
  PGconn* conn_ = nullptr;
};

class PgStatement final : public StatementBackend {
 public:
  PgStatement(PgConnection& db, std::string_view sql) : db_(db), sql_(to_postgres(sql)) {
    values_.resize(static_cast<std::size_t>(sql_.slots));
  }

  void bind(int index, std::int64_t value) override { set(index, std::to_string(value)); }
  void bind(int index, double value) override {
    if (std::isinf(value))
      set(index, value > 0 ? "Infinity" : "-Infinity");
    else
      set(index, fmt::format("{}", value));  // the shortest text that reads back exactly
  }
  void bind(int index, std::string_view text) override { set(index, std::string(text)); }
  void bind_null(int index) override { set(index, std::nullopt); }

  bool step() override {
    if (!result_) {
      std::vector<const char*> values;
      for (const auto& v : values_) values.push_back(v ? v->c_str() : nullptr);
      result_ = db_.run(sql_.text, values, "cannot run \"" + sql_.text.substr(0, 60) + "\"");
      row_ = -1;
    }
    return ++row_ < PQntuples(result_.get());
  }
  void reset() override {
    result_.reset();
    for (auto& v : values_) v.reset();
  }
  int column_count() const override { return result_ ? PQnfields(result_.get()) : 0; }
  std::string column_name(int index) const override { return PQfname(result_.get(), index); }
  bool column_is_null(int index) const override {
    return PQgetisnull(result_.get(), row_, index) != 0;
  }
  std::int64_t column_int(int index) const override;
  double column_double(int index) const override;
  std::string column_text(int index) const override {
    return std::string(PQgetvalue(result_.get(), row_, index),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row_, index)));
  }
  SqlValue column_value(int index) const override;

 private:
  void set(int index, std::optional<std::string> value) {
    // A parameter the statement does not use is ignored, as SQLite leaves it unbound.
    if (index <= 0 || static_cast<std::size_t>(index) >= sql_.slot_of.size()) return;
    const int slot = sql_.slot_of[static_cast<std::size_t>(index)];
    if (slot > 0) values_[static_cast<std::size_t>(slot - 1)] = std::move(value);
  }

  PgConnection& db_;
  PostgresSql sql_;
  std::vector<std::optional<std::string>> values_;
  Result result_;
  int row_ = -1;
};

std::int64_t PgStatement::column_int(int index) const {
  if (column_is_null(index)) return 0;
  const char* text = PQgetvalue(result_.get(), row_, index);
  const char* end = text + PQgetlength(result_.get(), row_, index);
  std::int64_t value = 0;
  if (*text == 't' || *text == 'f') return *text == 't' ? 1 : 0;  // a boolean
  std::from_chars(text, end, value);
  return value;
}

double PgStatement::column_double(int index) const {
  if (column_is_null(index)) return std::numeric_limits<double>::quiet_NaN();
  const std::string text = column_text(index);
  if (text == "Infinity") return std::numeric_limits<double>::infinity();
  if (text == "-Infinity") return -std::numeric_limits<double>::infinity();
  double value = std::numeric_limits<double>::quiet_NaN();  // also for "NaN"
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

SqlValue PgStatement::column_value(int index) const {
  if (column_is_null(index)) return std::monostate{};
  const Oid type = PQftype(result_.get(), index);
  if (type == kInt8 || type == kInt4 || type == kInt2) return column_int(index);
  if (type == kFloat8 || type == kFloat4 || type == kNumeric) return column_double(index);
  return column_text(index);
}

void ignore_notice(void*, const char*) {
  // "relation ... already exists, skipping" and the like: not for the runner's output.
}

PgConnection::PgConnection(const std::string& url, OpenMode mode) : name_(masked_location(url)) {
  if (PQconninfoOption* options = PQconninfoParse(url.c_str(), nullptr)) {
    for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o)
      if (std::string_view(o->keyword) == "password" && o->val != nullptr) password_ = o->val;
    PQconninfoFree(options);
  }
  // connect_timeout first: the URL (expanded from dbname) overrides what comes before it.
  const std::string timeout = connect_timeout_of(url);
  const char* const keywords[] = {"connect_timeout", "dbname", nullptr};
  const char* const values[] = {timeout.c_str(), url.c_str(), nullptr};
  conn_ = PQconnectdbParams(keywords, values, 1);
  if (conn_ == nullptr) throw StoreError(name_ + ": cannot connect: out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    std::string message = PQerrorMessage(conn_);
    PQfinish(conn_);  // the destructor does not run for a constructor that throws
    if (message.find("timeout expired") != std::string::npos)
      message = fmt::format(
          "{} (no answer within connect_timeout, {} s: is the server paused or overloaded? "
          "connect_timeout=N in the URL sets the wait)",
          trimmed(message), timeout);
    fail("cannot connect", message);
  }
  // Non-blocking: every wait is ours (wait_for_server), with a deadline.
  PQsetnonblocking(conn_, 1);
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  if (mode == OpenMode::read_only) exec("SET default_transaction_read_only = on");
}

std::string PgConnection::scrubbed(std::string text) const {
  if (password_.empty()) return text;
  for (std::size_t at = text.find(password_); at != std::string::npos;
       at = text.find(password_, at + 3))
    text.replace(at, password_.size(), "***");
  return text;
}

void PgConnection::wait_for_server(short events, std::string_view what) {
  const int seconds = answer_timeout_seconds();
  pollfd p{PQsocket(conn_), events, 0};
  int rc = 0;
  while ((rc = ::poll(&p, 1, seconds * 1000)) < 0 && errno == EINTR) {
  }
  if (rc < 0) fail(what, std::string("poll: ") + std::strerror(errno));
  if (rc == 0)
    fail(what, fmt::format("no answer from the server within {} s (is it paused or "
                           "overloaded? REACTORBENCH_PG_ANSWER_TIMEOUT=SECONDS sets the wait); "
                           "the statement was abandoned",
                           seconds));
}

Result PgConnection::await_result(std::string_view what) {
  // Everything sent first: a non-blocking connection may hold some of it back.
  for (int flushed; (flushed = PQflush(conn_)) != 0;) {
    if (flushed < 0) fail(what, PQerrorMessage(conn_));
    wait_for_server(POLLIN | POLLOUT, what);
    if (PQconsumeInput(conn_) == 0) fail(what, PQerrorMessage(conn_));
  }
  Result last;
  for (;;) {
    while (PQisBusy(conn_) != 0) {
      wait_for_server(POLLIN, what);
      if (PQconsumeInput(conn_) == 0) fail(what, PQerrorMessage(conn_));
    }
    PGresult* next = PQgetResult(conn_);
    if (next == nullptr) return last;  // as PQexec: the last statement's (or its error)
    last.reset(next);
  }
}

Result PgConnection::run(const std::string& text, const std::vector<const char*>& values,
                         std::string_view what) {
  if (PQsendQueryParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr,
                        values.data(), nullptr, nullptr, 0) == 0)
    fail(what, PQerrorMessage(conn_));
  Result result = await_result(what);
  const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    fail(what, result ? PQresultErrorMessage(result.get()) : PQerrorMessage(conn_));
  return result;
}

void PgConnection::exec(std::string_view sql) {
  const std::string text = to_postgres(sql).text;
  const std::string what = "cannot run \"" + text.substr(0, 60) + "\"";
  if (PQsendQuery(conn_, text.c_str()) == 0) fail(what, PQerrorMessage(conn_));
  Result result = await_result(what);
  const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    fail(what, result ? PQresultErrorMessage(result.get()) : PQerrorMessage(conn_));
}

std::unique_ptr<StatementBackend> PgConnection::prepare(std::string_view sql) {
  return std::make_unique<PgStatement>(*this, sql);
}

std::int64_t PgConnection::last_insert_id() {
  PgStatement last(*this, "SELECT lastval()");
  last.step();
  return last.column_int(0);
}

int PgConnection::schema_version() {
  PgStatement exists(*this, "SELECT to_regclass('schema_version') IS NOT NULL");
  if (!exists.step() || exists.column_int(0) == 0) return 0;
  PgStatement version(*this, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  version.step();
  return static_cast<int>(version.column_int(0));
}

bool PgConnection::has_column(std::string_view table, std::string_view column) {
  PgStatement info(*this,
                   "SELECT 1 FROM information_schema.columns WHERE table_schema = "
                   "current_schema() AND table_name = ?1 AND column_name = ?2");
  info.bind(1, table);
  info.bind(2, column);
  return info.step();
}

void PgConnection::follow_inserted_ids(std::string_view table) {
  if (!has_column(table, "id")) return;
  exec(fmt::format(
      "SELECT setval(pg_get_serial_sequence('{0}', 'id'), COALESCE(MAX(id), 0) + 1, false) "
      "FROM {0}",
      table));
}

}  // namespace

std::unique_ptr<Connection> open_postgres(const std::string& url, OpenMode mode) {
  return std::make_unique<PgConnection>(url, mode);
}

}  // namespace rb::store
