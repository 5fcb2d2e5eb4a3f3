#include "store/run_reader.h"

#include <map>

#include <fmt/format.h>

#include "model/json_codec.h"
#include "model/latency_histograms.h"
#include "store/sample_histograms.h"
#include "store/schema.h"
#include "store/stored_text.h"

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

// What history prints of a run: what the recorder wrote, or the file is damaged.
StoredRun checked(const Database& db, StoredRun run) {
  check_stored_time(db, run.id, "started_at", run.started_at, true);
  check_stored_time(db, run.id, "finished_at", run.finished_at, true);
  check_stored_status(db, run.id, run.status);
  const std::pair<const char*, const std::string*> texts[] = {
      {"config_name", &run.config_name},     {"config_path", &run.config_path},
      {"config_sha256", &run.config_sha256}, {"workload", &run.workload},
      {"git_revision", &run.git_revision},   {"host", &run.host}};
  for (const auto& [column, text] : texts) check_stored_text(db, run.id, column, *text);
  return run;
}

// A JSON column of the store as T, errors naming the column ("samples.metrics: ...").
template <typename T>
T column_json(const Statement& row, int index, const char* column) {
  const Json parsed = model::parse_json(row.column_text(index));
  return model::JsonField(parsed, column).get<T>();
}

// Version 5's histograms of the cell's samples, by seq; a kind this runner does not know
// (a newer runner's) is left out, buckets of another layout are refused.
void load_histograms(Database& db, std::int64_t cell_id, std::map<std::int64_t, Sample*>& by_seq) {
  Statement rows =
      db.prepare("SELECT seq, kind, layout, buckets FROM sample_histograms WHERE cell_id = ?1");
  rows.bind(1, cell_id);
  while (rows.step()) {
    const auto sample = by_seq.find(rows.column_int(0));
    if (sample == by_seq.end()) continue;
    auto* histogram = sample_histogram(*sample->second, rows.column_text(1));
    if (histogram == nullptr) continue;
    model::check_latency_layout(rows.column_text(2), "sample_histograms.layout");
    const Json buckets = model::parse_json(rows.column_text(3));
    *histogram = model::sparse_from_json(model::JsonField(buckets, "sample_histograms.buckets"));
  }
}

void load_samples(Database& db, std::int64_t cell_id, CellResult& cell) {
  Statement rows = db.prepare(
      "SELECT seq, round, iteration, metrics, counters FROM samples WHERE cell_id = ?1 "
      "ORDER BY seq");
  rows.bind(1, cell_id);
  std::vector<std::int64_t> seqs;
  while (rows.step()) {
    Sample s;
    seqs.push_back(rows.column_int(0));
    s.round = static_cast<int>(rows.column_int(1));
    s.iteration = static_cast<int>(rows.column_int(2));
    s.metrics = column_json<std::map<std::string, double>>(rows, 3, "samples.metrics");
    s.counters = column_json<std::map<std::string, std::uint64_t>>(rows, 4, "samples.counters");
    cell.samples.push_back(std::move(s));
  }
  if (db.user_version() < kHistogramsVersion) return;
  std::map<std::int64_t, Sample*> by_seq;
  for (std::size_t i = 0; i < seqs.size(); ++i) by_seq[seqs[i]] = &cell.samples[i];
  load_histograms(db, cell_id, by_seq);
}

CellResult cell_from(Database& db, const Statement& row) {
  CellResult cell;
  const Json result = model::parse_json(row.column_text(1));
  model::from_json(model::JsonField(result, "cells.result"), cell);
  load_samples(db, row.column_int(0), cell);
  return cell;
}

}  // namespace

std::vector<StoredRun> list_runs(Database& db, const RunFilter& filter, std::size_t limit) {
  std::string sql = fmt::format("SELECT {} FROM runs r WHERE TRUE", kRunColumns);
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
  while (rows.step()) out.push_back(checked(db, run_from(rows)));
  return out;
}

std::optional<StoredRun> find_run(Database& db, std::int64_t id) {
  Statement rows = db.prepare(fmt::format("SELECT {} FROM runs r WHERE r.id = ?1", kRunColumns));
  rows.bind(1, id);
  if (!rows.step()) return std::nullopt;
  return checked(db, run_from(rows));
}

RunResult load_run(Database& db, std::int64_t id) {
  Statement run_row = db.prepare("SELECT context, workload, plugins FROM runs WHERE id = ?1");
  run_row.bind(1, id);
  if (!run_row.step()) throw StoreError(fmt::format("{}: no run {}", db.name(), id));
  RunResult run;
  try {
    const Json context = model::parse_json(run_row.column_text(0));
    model::from_json(model::JsonField(context, "runs.context"), run.context);
    run.workload = run_row.column_text(1);
    run.plugins = column_json<std::vector<std::string>>(run_row, 2, "runs.plugins");
    Statement cells =
        db.prepare("SELECT id, result FROM cells WHERE run_id = ?1 ORDER BY cell_index");
    cells.bind(1, id);
    while (cells.step()) run.cells.push_back(cell_from(db, cells));
  } catch (const StoreError&) {
    throw;
  } catch (const std::exception& e) {
    throw StoreError(fmt::format("{}: run {} is malformed: {}", db.name(), id, e.what()));
  }
  return run;
}

}  // namespace rb::store
