#include "store/history_query.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "model/json_codec.h"
#include "model/plugin_renames.h"
#include "store/stored_text.h"

namespace rb::store {

CellFilter::CellFilter(std::string_view text) {
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    const auto eq = word.find('=');
    if (eq == std::string::npos)
      terms_.push_back({"", word});
    else
      terms_.push_back({word.substr(0, eq), word.substr(eq + 1)});
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == ',' || c == '\t')
      flush();
    else
      word += c;
  }
  flush();
}

bool CellFilter::matches(const CellSpec& cell) const {
  return std::all_of(terms_.begin(), terms_.end(), [&](const Term& term) {
    // A renamed plugin by either name (model/plugin_renames.h).
    const auto plugin_is = [&](const std::string& name) {
      return current_plugin_label(name) == current_plugin_label(cell.plugin);
    };
    if (term.key.empty()) return plugin_is(term.value) || term.value == cell.workload;
    if (term.key == "plugin") return plugin_is(term.value);
    if (term.key == "workload") return term.value == cell.workload;
    const ParamValue* value = cell.find(term.key);
    return value != nullptr && rb::to_string(*value) == term.value;
  });
}

std::vector<CellHistory> cell_history(Database& db, const CellFilter& cells,
                                      const std::vector<std::string>& metrics,
                                      const RunFilter& runs, std::size_t last_runs) {
  const std::vector<StoredRun> selected = list_runs(db, runs, last_runs);
  std::vector<CellHistory> out;
  if (selected.empty()) return out;
  std::vector<std::int64_t> ids;
  for (const auto& run : selected) ids.push_back(run.id);

  // The ids are integers from the database itself, so joining them into the SQL is safe.
  // A database older than schema 4 has no disturbed column: nothing was measured there.
  Statement rows = db.prepare(fmt::format(
      "SELECT r.id, r.started_at, r.git_revision, r.status, c.workload, c.plugin, c.params, "
      "c.params_label, c.status, m.metric, m.n, m.median, m.ci_low, m.ci_high, {} "
      "FROM runs r JOIN cells c ON c.run_id = r.id JOIN cell_metrics m ON m.cell_id = c.id "
      "WHERE r.id IN ({}) ORDER BY r.id, c.cell_index, m.metric",
      db.has_column("cells", "disturbed") ? "COALESCE(c.disturbed, 0)" : "0", fmt::join(ids, ",")));
  std::map<std::string, std::size_t> series;  // workload|plugin|point|metric -> index in out
  while (rows.step()) {
    const std::string metric = rows.column_text(9);
    if (!metrics.empty() && std::find(metrics.begin(), metrics.end(), metric) == metrics.end())
      continue;
    CellSpec spec;
    spec.workload = rows.column_text(4);
    spec.plugin = rows.column_text(5);
    const model::Json params = model::parse_json(rows.column_text(6));
    spec.params = model::params_from_json(model::JsonField(params, "cells.params"));
    if (!cells.matches(spec)) continue;
    const std::string point = rows.column_text(7);
    // One series a plugin by its current name: a stored "muduo" cell's runs continue as
    // "muduo-style"'s.
    const std::string plugin = current_plugin_label(spec.plugin);
    const std::string key = spec.workload + '\x1f' + plugin + '\x1f' + point + '\x1f' + metric;
    auto [it, inserted] = series.emplace(key, out.size());
    if (inserted) out.push_back({spec.workload, plugin, point, metric, {}});
    HistoryPoint p;
    p.run_id = rows.column_int(0);
    p.started_at = rows.column_text(1);
    p.git_revision = rows.column_text(2);
    p.run_status = rows.column_text(3);
    p.cell_status = rows.column_text(8);
    const std::pair<const char*, const std::string*> texts[] = {{"cells.workload", &spec.workload},
                                                                {"cells.plugin", &spec.plugin},
                                                                {"cells.params_label", &point},
                                                                {"cell_metrics.metric", &metric},
                                                                {"cells.status", &p.cell_status}};
    for (const auto& [column, text] : texts) check_stored_text(db, p.run_id, column, *text);
    p.n = static_cast<std::size_t>(rows.column_int(10));
    p.median = rows.column_double(11);
    p.ci_low = rows.column_double(12);
    p.ci_high = rows.column_double(13);
    p.disturbed = rows.column_int(14) != 0;
    out[it->second].points.push_back(std::move(p));
  }
  return out;
}

}  // namespace rb::store
