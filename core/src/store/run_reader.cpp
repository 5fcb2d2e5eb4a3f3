#include "store/run_reader.h"

#include <limits>
#include <map>

#include <fmt/format.h>

#include "model/json_codec.h"

namespace rb::store {
namespace {

using model::Json;

constexpr const char* kRunColumns =
    "r.id, r.started_at, r.finished_at, r.status, r.config_name, r.config_path, "
    "r.config_sha256, r.workload, r.git_revision, r.host, "
    "(SELECT COUNT(*) FROM cells c WHERE c.run_id = r.id)";

StoredRun run_from(const Statement& row) {
  StoredRun run;
  run.id = row.column_int(0);
  run.started_at = row.column_text(1);
  run.finished_at = row.column_text(2);
  run.status = row.column_text(3);
  run.config_name = row.column_text(4);
  run.config_path = row.column_text(5);
  run.config_sha256 = row.column_text(6);
  run.workload = row.column_text(7);
  run.git_revision = row.column_text(8);
  run.host = row.column_text(9);
  run.cells = static_cast<std::size_t>(row.column_int(10));
  return run;
}

std::map<std::string, double> metrics_from(const std::string& text) {
  std::map<std::string, double> out;
  const Json parsed = Json::parse(text);  // items() refers to it: it must outlive the loop
  for (const auto& [name, value] : parsed.items())
    out[name] = value.is_number() ? value.get<double>() : std::numeric_limits<double>::quiet_NaN();
  return out;
}

void load_samples(Database& db, std::int64_t cell_id, CellResult& cell) {
  Statement rows = db.prepare(
      "SELECT round, iteration, metrics, counters FROM samples WHERE cell_id = ?1 ORDER BY seq");
  rows.bind(1, cell_id);
  while (rows.step()) {
    Sample s;
    s.round = static_cast<int>(rows.column_int(0));
    s.iteration = static_cast<int>(rows.column_int(1));
    s.metrics = metrics_from(rows.column_text(2));
    s.counters = Json::parse(rows.column_text(3)).get<std::map<std::string, std::uint64_t>>();
    cell.samples.push_back(std::move(s));
  }
}

CellResult cell_from(Database& db, const Statement& row) {
  CellResult cell;
  model::from_json(Json::parse(row.column_text(1)), cell);
  load_samples(db, row.column_int(0), cell);
  return cell;
}

}  // namespace

std::vector<StoredRun> list_runs(Database& db, const RunFilter& filter, std::size_t limit) {
  std::string sql = fmt::format("SELECT {} FROM runs r WHERE 1", kRunColumns);
  if (!filter.config_name.empty()) sql += " AND r.config_name = ?1";
  if (!filter.host.empty()) sql += " AND r.host = ?2";
  if (filter.finished_only) sql += " AND r.status = 'finished'";
  if (filter.before_id) sql += " AND r.id < ?3";
  if (!filter.started_before.empty()) sql += " AND r.started_at < ?4";
  sql += " ORDER BY r.id DESC";
  if (limit > 0) sql += fmt::format(" LIMIT {}", limit);
  Statement rows = db.prepare(sql);
  if (!filter.config_name.empty()) rows.bind(1, filter.config_name);
  if (!filter.host.empty()) rows.bind(2, filter.host);
  if (filter.before_id) rows.bind(3, *filter.before_id);
  if (!filter.started_before.empty()) rows.bind(4, filter.started_before);
  std::vector<StoredRun> out;
  while (rows.step()) out.push_back(run_from(rows));
  return out;
}

std::optional<StoredRun> find_run(Database& db, std::int64_t id) {
  Statement rows = db.prepare(fmt::format("SELECT {} FROM runs r WHERE r.id = ?1", kRunColumns));
  rows.bind(1, id);
  if (!rows.step()) return std::nullopt;
  return run_from(rows);
}

RunResult load_run(Database& db, std::int64_t id) {
  Statement run_row = db.prepare("SELECT context, workload, plugins FROM runs WHERE id = ?1");
  run_row.bind(1, id);
  if (!run_row.step()) throw StoreError(fmt::format("{}: no run {}", db.path().string(), id));
  RunResult run;
  try {
    model::from_json(Json::parse(run_row.column_text(0)), run.context);
    run.workload = run_row.column_text(1);
    run.plugins = Json::parse(run_row.column_text(2)).get<std::vector<std::string>>();
    Statement cells =
        db.prepare("SELECT id, result FROM cells WHERE run_id = ?1 ORDER BY cell_index");
    cells.bind(1, id);
    while (cells.step()) run.cells.push_back(cell_from(db, cells));
  } catch (const StoreError&) {
    throw;
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("{}: run {} is malformed: {}", db.path().string(), id, e.what()));
  }
  return run;
}

}  // namespace rb::store
