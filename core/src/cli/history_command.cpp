#include "cli/history_command.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "cli/colour_option.h"
#include "cli/exit_codes.h"
#include "cli/history_changes_command.h"
#include "cli/number_checks.h"
#include "cli/run_source.h"
#include "compare/comparison_output.h"
#include "model/json_codec.h"
#include "model/metric_info.h"
#include "report/number_format.h"
#include "store/history_query.h"
#include "store/schema.h"
#include "text/printable.h"
#include "text/text_table.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

using model::Json;

// Without --metric, a workload that declares headline metrics shows only those.
bool headline(const store::CellHistory& series) {
  const auto& declared = workload::metrics_for_workload(series.workload);
  const bool any = std::any_of(declared.begin(), declared.end(),
                               [](const MetricInfo& info) { return info.headline; });
  return !any || std::any_of(declared.begin(), declared.end(), [&](const MetricInfo& info) {
    return info.headline && info.name == series.metric;
  });
}

std::string render(const text::TextTable& table, const std::string& format) {
  return format == "md" ? text::render_markdown(table) : text::render_text(table);
}

int list_runs(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  const auto runs = store::list_runs(db, filter, args.last);
  if (args.format == "json") {
    Json out = Json::array();
    for (const auto& r : runs)
      out.push_back({{"id", r.id},
                     {"started_at", r.started_at},
                     {"finished_at", r.finished_at},
                     {"status", r.status},
                     {"config", r.config_name},
                     {"workload", r.workload},
                     {"host", r.host},
                     {"git_revision", r.git_revision},
                     {"cells", r.cells}});
    std::cout << model::dump_json(out, 2) << '\n';
    return kExitOk;
  }
  text::TextTable table;
  table.header = {"run", "started", "status", "config", "workload", "host", "git", "cells"};
  table.right_aligned = {true, false, false, false, false, false, false, true};
  for (const auto& r : runs)
    table.rows.push_back({std::to_string(r.id), r.started_at,
                          r.status == "running" ? "running (or killed)" : r.status, r.config_name,
                          r.workload, r.host, r.git_revision, std::to_string(r.cells)});
  if (runs.empty())
    std::cout << "no stored runs" << (filter.config_name.empty() ? "" : " of that config") << '\n';
  else
    std::cout << render(table, args.format);
  return kExitOk;
}

int show_cells(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  auto series =
      store::cell_history(db, store::CellFilter(args.cell), args.metrics, filter, args.last);
  if (args.metrics.empty()) std::erase_if(series, [](const auto& s) { return !headline(s); });
  if (series.empty()) {
    std::cerr << "error: no stored cell matches '" << args.cell << "'\n";
    return kExitUsage;
  }
  if (args.format == "json") {
    Json out = Json::array();
    for (const auto& s : series) {
      Json points = Json::array();
      for (const auto& p : s.points)
        points.push_back({{"run", p.run_id},
                          {"started_at", p.started_at},
                          {"git_revision", p.git_revision},
                          {"status", p.cell_status},
                          {"n", p.n},
                          {"median", p.median},
                          {"ci_low", p.ci_low},
                          {"ci_high", p.ci_high},
                          {"disturbed", p.disturbed}});
      out.push_back({{"workload", s.workload},
                     {"plugin", s.plugin},
                     {"point", s.point},
                     {"metric", s.metric},
                     {"runs", std::move(points)}});
    }
    std::cout << model::dump_json(out, 2) << '\n';
    return kExitOk;
  }
  std::string text;
  for (const auto& s : series) {
    if (!text.empty()) text += '\n';
    text += fmt::format("{}{} {} {}: {}\n", args.format == "md" ? "### " : "", s.workload, s.plugin,
                        s.point, s.metric);
    if (args.format == "md") text += '\n';
    text::TextTable table;
    table.header = {"run", "started", "git", "n", "median", "95% CI", "vs previous"};
    table.right_aligned = {true, false, false, true, true, true, true};
    double previous = std::nan("");
    for (const auto& p : s.points) {
      table.rows.push_back(
          {std::to_string(p.run_id), p.started_at, p.git_revision, std::to_string(p.n),
           report::format_or_na(p.median),
           fmt::format("[{}, {}]", report::format_or_na(p.ci_low), report::format_or_na(p.ci_high)),
           std::isfinite(previous) && previous != 0 ? compare::change_text(p.median / previous)
                                                    : ""});
      previous = p.median;
    }
    text += render(table, args.format);
  }
  std::cout << text;
  return kExitOk;
}

}  // namespace

CLI::App* add_history_command(CLI::App& app, HistoryArgs& args) {
  auto* cmd = app.add_subcommand(
      "history",
      "List stored runs, or with --cell show a cell's median over time, --changes its change "
      "points, --check-newest judge the newest run against its history");
  cmd->add_option("--store", args.store,
                  "history store: a file or postgresql://user@host/db (default: REACTORBENCH_DB)");
  cmd->add_option("--cell", args.cell,
                  "cells to follow: plugin, workload and key=value terms, e.g. 'muduo pipes=1000'");
  cmd->add_option("--metric", args.metrics, "only this metric (repeatable)")->delimiter(',');
  cmd->add_option("--last", args.last, "the newest N runs (default 20; 0 = all)")
      ->check(whole_number_from(0));
  cmd->add_option("--config", args.config, "only runs of this config (its name)");
  cmd->add_option("--host", args.host, "only runs on this host");
  cmd->add_option("--format", args.format, "table (default), md or json")
      ->check(CLI::IsMember({"table", "md", "json"}));
  cmd->add_flag("--changes", args.changes,
                "change points (E-Divisive means) in each cell's series of run medians: where "
                "the level shifted, by how much, with what p");
  cmd->add_flag("--check-newest", args.check_newest,
                "judge the newest finished run against its history's level: exit 0 no "
                "regression, 1 regression, 3 nothing to judge yet, 2 error");
  cmd->add_option("--threshold", args.threshold,
                  "--check-newest: changes within it are never a regression (default 5%)");
  cmd->add_option("--min-runs", args.min_runs,
                  "--check-newest: finished runs of the config needed, the newest included "
                  "(default 5)")
      ->check(whole_number_from(1));
  cmd->add_option("--alpha", args.alpha,
                  "significance of a change point (permutation test; default 0.01)")
      ->check(number_between(0.0, 1.0));
  cmd->add_flag("--allow-disturbed", args.allow_disturbed,
                "--changes/--check-newest: keep runs whose cell was disturbed (other work on its "
                "CPUs) in the series instead of leaving them out");
  cmd->add_flag("--migrate", args.migrate,
                "migrate an older database to this runner's schema (the only change history "
                "makes; reading never migrates)");
  add_colour_option(*cmd, args.colour);
  return cmd;
}

int history_command(const HistoryArgs& args) {
  const auto path = store_path_or_env(args.store);
  if (!path) {
    std::cerr << "error: no store: give --store PATH or set REACTORBENCH_DB\n";
    return kExitUsage;
  }
  try {
    if (args.migrate) {
      store::Database db(path->string(), false);
      const int found = store::migrate(db);
      std::cout << fmt::format("{}: schema version {}{}\n", db.name(), store::kSchemaVersion,
                               found == store::kSchemaVersion
                                   ? " (already)"
                                   : fmt::format(" (migrated from {})", found));
      return kExitOk;
    }
    store::Database db = store::open_history_for_reading(*path);
    store::RunFilter filter;
    filter.config_name = args.config;
    filter.host = args.host;
    if (args.check_newest) return check_newest_run(db, filter, args);
    if (args.changes) return show_history_changes(db, filter, args);
    return args.cell.empty() ? list_runs(db, filter, args) : show_cells(db, filter, args);
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
