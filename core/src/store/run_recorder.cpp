#include "store/run_recorder.h"

#include <openssl/evp.h>

#include <fmt/format.h>

#include "model/json_codec.h"
#include "model/latency_histograms.h"
#include "store/interference_rows.h"
#include "store/run_status.h"
#include "store/sample_histograms.h"
#include "store/schema.h"

namespace rb::store {
namespace {

using model::dump_json;
using model::Json;
using model::to_json;

void insert_samples(Database& db, std::int64_t cell_id, const std::vector<Sample>& samples) {
  Statement insert = db.prepare(
      "INSERT INTO samples (cell_id, seq, round, iteration, metrics, counters) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  Statement insert_histogram = db.prepare(
      "INSERT INTO sample_histograms (cell_id, seq, kind, layout, buckets) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  std::int64_t seq = 0;
  for (const auto& s : samples) {
    insert.reset();
    insert.bind(1, cell_id).bind(2, seq).bind(3, static_cast<std::int64_t>(s.round));
    insert.bind(4, static_cast<std::int64_t>(s.iteration));
    insert.bind(5, dump_json(Json(s.metrics))).bind(6, dump_json(Json(s.counters)));
    insert.run();
    for (const auto& [kind, histogram] : sample_histograms(s)) {
      if (histogram->empty()) continue;
      insert_histogram.reset();
      insert_histogram.bind(1, cell_id).bind(2, seq).bind(3, std::string(kind));
      insert_histogram.bind(4, model::latency_layout());
      insert_histogram.bind(5, dump_json(model::sparse_to_json(*histogram)));
      insert_histogram.run();
    }
    ++seq;
  }
}

void insert_metrics(Database& db, std::int64_t cell_id, const CellResult& cell) {
  Statement insert = db.prepare(
      "INSERT INTO cell_metrics (cell_id, metric, n, median, ci_low, ci_high, summary) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  for (const auto& [name, s] : cell.metrics) {
    insert.reset();
    insert.bind(1, cell_id).bind(2, name).bind(3, static_cast<std::int64_t>(s.n));
    insert.bind(4, s.median).bind(5, s.ci_low).bind(6, s.ci_high);
    insert.bind(7, dump_json(to_json(s)));
    insert.run();
  }
}

// Version 7's columns from ?first on: the run's group and shard, NULL where it has none.
void bind_group_and_shard(Statement& insert, int first, const RunContext& c) {
  if (c.group.empty())
    insert.bind_null(first);
  else
    insert.bind(first, c.group);
  if (!c.shard.sharded()) {
    for (int i = first + 1; i <= first + 3; ++i) insert.bind_null(i);
    return;
  }
  insert.bind(first + 1, static_cast<std::int64_t>(c.shard.index));
  insert.bind(first + 2, static_cast<std::int64_t>(c.shard.count));
  insert.bind(first + 3, c.shard.by);
}

}  // namespace

std::string sha256_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw StoreError("sha256 failed");
  std::string out;
  for (unsigned int i = 0; i < length; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

RunRecorder::RunRecorder(const std::string& location) : db_(open_history(location, true)) {}

std::int64_t RunRecorder::begin(const RunHeader& h) {
  Transaction tx(db_);
  Statement insert = db_.prepare(
      "INSERT INTO runs (started_at, status, config_name, config_path, config_text, "
      "config_sha256, workload, plugins, git_revision, host, cpu_model, kernel, governor, "
      "context, run_group, shard_index, shard_count, shard_by) VALUES (?1, 'running', ?2, ?3, "
      "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
  insert.bind(1, h.context.started_at).bind(2, h.config_name).bind(3, h.config_path);
  insert.bind(4, h.config_text).bind(5, sha256_hex(h.config_text)).bind(6, h.workload);
  insert.bind(7, dump_json(Json(h.plugins))).bind(8, h.context.git_revision);
  insert.bind(9, h.context.host).bind(10, h.context.cpu_model).bind(11, h.context.kernel);
  insert.bind(12, h.context.governor).bind(13, dump_json(to_json(h.context)));
  bind_group_and_shard(insert, 14, h.context);
  insert.run();
  run_id_ = db_.last_insert_id();
  update_run_machine_fields(db_, run_id_, h.context);
  tx.commit();
  return run_id_;
}

void RunRecorder::add_cell(const CellResult& cell) {
  if (run_id_ == 0) throw StoreError(db_.name() + ": add_cell before begin");
  try {
    insert_cell(cell);
  } catch (...) {
    whole_ = false;
    throw;
  }
}

void RunRecorder::insert_cell(const CellResult& cell) {
  Transaction tx(db_);
  Statement insert = db_.prepare(
      "INSERT INTO cells (run_id, cell_index, workload, plugin, params, params_label, status, "
      "reason, plugin_version, library, library_version, so_sha256, result) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
  insert.bind(1, run_id_).bind(2, static_cast<std::int64_t>(cell.cell.index));
  insert.bind(3, cell.cell.workload).bind(4, cell.cell.plugin);
  insert.bind(5, dump_json(model::params_to_json(cell.cell.params)));
  insert.bind(6, cell.cell.params_label()).bind(7, to_string(cell.status)).bind(8, cell.reason);
  if (cell.provenance) {
    const Provenance& p = *cell.provenance;
    insert.bind(9, p.plugin_version).bind(10, p.library).bind(11, p.library_version);
    insert.bind(12, p.sha256);
  } else {
    for (int i = 9; i <= 12; ++i) insert.bind_null(i);
  }
  // The samples go to their own table; the result keeps only their count.
  insert.bind(13, dump_json(to_json(cell, model::SampleDetail::count)));
  insert.run();
  const std::int64_t cell_id = db_.last_insert_id();
  insert_metrics(db_, cell_id, cell);
  insert_cell_provenance(db_, cell_id, cell);
  insert_cell_interference(db_, cell_id, cell);
  insert_samples(db_, cell_id, cell.samples);
  tx.commit();
}

void RunRecorder::finish(const RunContext& context, const std::string& status) {
  Statement update =
      db_.prepare("UPDATE runs SET finished_at = ?1, status = ?2, context = ?3 WHERE id = ?4");
  update.bind(1, context.finished_at).bind(2, whole_ ? status : std::string(kRunIncomplete));
  update.bind(3, dump_json(to_json(context)));
  update.bind(4, run_id_);
  update.run();
  update_run_machine_fields(db_, run_id_, context);  // the foreign processes are known now
}

}  // namespace rb::store
