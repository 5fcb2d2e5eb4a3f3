#include "cli/history_command.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "cli/history_changes_command.h"
#include "cli/history_scope.h"
#include "cli/number_checks.h"
#include "cli/run_source.h"
#include "cli/shared_options.h"
#include "compare/comparison_output.h"
#include "model/json_codec.h"
#include "report/listing.h"
#include "report/number_format.h"
#include "store/history_changes.h"
#include "store/history_query.h"
#include "store/schema.h"
#include "text/printable.h"
#include "text/text_table.h"

namespace rb::cli {
namespace {

using model::Json;

Json run_list_json(const std::vector<store::StoredRun>& runs) {
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
  return out;
}

text::TextTable run_list_table(const std::vector<store::StoredRun>& runs) {
  text::TextTable table;
  table.header = {"run", "started", "status", "config", "workload", "host", "git", "cells"};
  table.right_aligned = {true, false, false, false, false, false, false, true};
  for (const auto& r : runs)
    table.rows.push_back({std::to_string(r.id), r.started_at,
                          r.status == "running" ? "running (or killed)" : r.status, r.config_name,
                          r.workload, r.host, r.git_revision, std::to_string(r.cells)});
  return table;
}

int list_runs(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  const auto runs = store::list_runs(db, filter, args.last);
  report::Listing listing;
  listing.json = run_list_json(runs);
  if (runs.empty())
    listing.line(std::string("no stored runs") +
                 (filter.config_name.empty() ? "" : " of that config"));
  else
    listing.table(run_list_table(runs));
  return print_history_listing(listing, args, kExitOk);
}

Json cell_series_json(const store::CellHistory& s) {
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
  return {{"workload", s.workload},
          {"plugin", s.plugin},
          {"point", s.point},
          {"metric", s.metric},
          {"runs", std::move(points)}};
}

text::TextTable cell_series_table(const store::CellHistory& s) {
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
  return table;
}

int show_cells(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  auto series =
      store::cell_history(db, store::CellFilter(args.cell), args.metrics, filter, args.last);
  // Without --metric, a workload that declares headline metrics shows only those.
  if (args.metrics.empty())
    std::erase_if(series, [](const auto& s) { return !store::headline_series(s); });
  if (series.empty()) {
    std::cerr << "error: no stored cell matches '" << args.cell << "'\n";
    return kExitUsage;
  }
  report::Listing listing;
  listing.json = Json::array();
  for (const auto& s : series) {
    listing.json.push_back(cell_series_json(s));
    if (&s != &series.front()) listing.line("");
    listing.heading(fmt::format("{} {} {}: {}", s.workload, s.plugin, s.point, s.metric));
    listing.table(cell_series_table(s));
  }
  return print_history_listing(listing, args, kExitOk);
}

}  // namespace

CLI::App* HistoryCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "history",
      "List stored runs, or with --cell show a cell's median over time, --changes its change "
      "points, --check-newest judge the newest run against its history");
  add_store_option(*cmd, args_.store);
  cmd->add_option("--cell", args_.cell,
                  "cells to follow: plugin, workload and key=value terms, e.g. 'muduo pipes=1000'");
  cmd->add_option("--metric", args_.metrics, "only this metric (repeatable)")->delimiter(',');
  cmd->add_option("--last", args_.last, "the newest N runs (default 20; 0 = all)")
      ->check(whole_number_from(0));
  cmd->add_option("--config", args_.config, "only runs of this config (its name)");
  cmd->add_option("--host", args_.host, "only runs on this host");
  add_format_option(*cmd, args_.format, reporter_names(OutputKind::history));
  cmd->add_flag("--changes", args_.changes,
                "change points (E-Divisive means) in each cell's series of run medians: where "
                "the level shifted, by how much, with what p");
  cmd->add_flag("--check-newest", args_.check_newest,
                "judge the newest finished run against its history's level: exit 0 no "
                "regression, 1 regression, 3 nothing to judge yet, 2 error");
  add_threshold_option(*cmd, args_.threshold);
  cmd->add_option("--min-runs", args_.min_runs,
                  "--check-newest: finished runs of the config needed, the newest included "
                  "(default 5)")
      ->check(whole_number_from(1));
  cmd->add_option("--alpha", args_.alpha,
                  "significance of a change point (permutation test; default 0.01)")
      ->check(number_between(0.0, 1.0));
  cmd->add_flag("--allow-disturbed", args_.allow_disturbed,
                "--changes/--check-newest: keep runs whose cell was disturbed (other work on its "
                "CPUs) in the series instead of leaving them out");
  cmd->add_flag("--migrate", args_.migrate,
                "migrate an older database to this runner's schema (the only change history "
                "makes; reading never migrates)");
  add_colour_option(*cmd, args_.colour);
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
