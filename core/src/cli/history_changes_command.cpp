#include "cli/history_changes_command.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>

#include <unistd.h>

#include <fmt/format.h>

#include "cli/colour_option.h"
#include "cli/compare_options.h"
#include "cli/exit_codes.h"
#include "cli/level_verdict_tint.h"
#include "compare/run_comparison.h"
#include "compare/verdict_tint.h"
#include "model/json_codec.h"
#include "model/metric_info.h"
#include "report/number_format.h"
#include "store/history_changes.h"
#include "text/text_table.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

using model::Json;

std::string signed_percent(double fraction) {
  return std::isfinite(fraction) ? fmt::format("{:+.1f}%", 100 * fraction) : "n/a";
}

const MetricInfo* metric_info(const std::string& workload, const std::string& metric) {
  for (const auto& info : workload::metrics_for_workload(workload))
    if (info.name == metric) return &info;
  return nullptr;
}

// Without --metric, a workload that declares headline metrics is judged on those only.
bool wanted(const store::CellHistory& series, const HistoryArgs& args) {
  return !args.metrics.empty() || store::headline_series(series);
}

std::string series_name(const store::CellHistory& s) {
  return fmt::format("{} {} {} {}", s.workload, s.plugin, s.point, s.metric);
}

// The runs being looked at: finished ones of one config on one host. Without --config, the
// newest finished run's config; without --host, that run's host - a series mixing machines
// would find the machines, not the code.
struct Scope {
  store::RunFilter filter;
  std::vector<store::StoredRun> runs;  // newest first, all of them
};

std::optional<Scope> resolve_scope(store::Database& db, const store::RunFilter& given) {
  Scope scope;
  scope.filter = given;
  scope.filter.finished_only = true;
  const auto newest = store::list_runs(db, scope.filter, 1);
  if (newest.empty()) return std::nullopt;
  if (scope.filter.config_name.empty()) scope.filter.config_name = newest.front().config_name;
  if (scope.filter.host.empty()) {
    store::RunFilter same_config = scope.filter;
    scope.filter.host = store::list_runs(db, same_config, 1).front().host;
  }
  scope.runs = store::list_runs(db, scope.filter);
  return scope;
}

std::string scope_text(const Scope& scope) {
  return fmt::format("config '{}' on host '{}'", scope.filter.config_name, scope.filter.host);
}

stats::ChangePointOptions change_point_options(const HistoryArgs& args) {
  stats::ChangePointOptions options;
  options.alpha = args.alpha;
  return options;
}

std::vector<store::CellHistory> selected_series(store::Database& db, const Scope& scope,
                                                const HistoryArgs& args) {
  auto series =
      store::cell_history(db, store::CellFilter(args.cell), args.metrics, scope.filter, args.last);
  std::erase_if(series, [&](const auto& s) { return !wanted(s, args); });
  return series;
}

// The smallest and largest of some counts, shown "N" or "N-M".
struct CountRange {
  std::size_t low = SIZE_MAX;
  std::size_t high = 0;
  void add(std::size_t n) {
    low = std::min(low, n);
    high = std::max(high, n);
  }
  std::string text() const {
    return low == high ? fmt::format("{}", low) : fmt::format("{}-{}", low, high);
  }
};

Json change_point_json(const store::SeriesChanges& s, const stats::ChangePoint& cp) {
  const auto& at = s.at(cp);
  return {{"run", at.run_id},
          {"started_at", at.started_at},
          {"git_revision", at.git_revision},
          {"index", cp.index},
          {"before", cp.before},
          {"after", cp.after},
          {"change", cp.relative_change},
          {"p_value", cp.p_value}};
}

}  // namespace

int show_history_changes(store::Database& db, const store::RunFilter& filter,
                         const HistoryArgs& args) {
  const auto scope = resolve_scope(db, filter);
  if (!scope) {
    std::cerr << "error: no finished stored runs"
              << (filter.config_name.empty() ? "" : " of that config") << '\n';
    return kExitUsage;
  }
  const auto options = change_point_options(args);
  std::vector<store::SeriesChanges> all;
  for (auto& s : selected_series(db, *scope, args))
    all.push_back(store::find_series_changes(std::move(s), options, args.allow_disturbed));
  if (all.empty()) {
    std::cerr << "error: no stored cell of " << scope_text(*scope) << " matches '" << args.cell
              << "'\n";
    return kExitUsage;
  }

  if (args.format == "json") {
    Json series = Json::array();
    for (const auto& s : all) {
      Json points = Json::array();
      for (const auto& cp : s.change_points) points.push_back(change_point_json(s, cp));
      series.push_back({{"workload", s.history.workload},
                        {"plugin", s.history.plugin},
                        {"point", s.history.point},
                        {"metric", s.history.metric},
                        {"runs", s.used.size()},
                        {"disturbed_left_out", s.disturbed},
                        {"change_points", std::move(points)}});
    }
    const Json out = {{"config", scope->filter.config_name},
                      {"host", scope->filter.host},
                      {"alpha", options.alpha},
                      {"permutations", options.permutations},
                      {"min_segment", options.min_segment},
                      {"seed", options.seed},
                      {"series", std::move(series)}};
    std::cout << model::dump_json(out, 2) << '\n';
    return kExitOk;
  }

  std::string text = fmt::format(
      "change points in {} (E-Divisive means: alpha {}, {} permutations, segments of at least {} "
      "runs, seed {:#x}){}\n",
      scope_text(*scope), options.alpha, options.permutations, options.min_segment, options.seed,
      args.allow_disturbed ? "; disturbed runs kept (--allow-disturbed)" : "");
  std::vector<std::string> quiet;
  CountRange quiet_runs;
  CountRange quiet_disturbed;
  for (const auto& s : all) {
    const std::string left_out =
        s.disturbed == 0 ? "" : fmt::format(", {} disturbed left out", s.disturbed);
    if (s.change_points.empty()) {
      quiet.push_back(series_name(s.history));
      quiet_runs.add(s.used.size());
      quiet_disturbed.add(s.disturbed);
      continue;
    }
    text += fmt::format("\n{} ({} runs{}):\n", series_name(s.history), s.used.size(), left_out);
    text::TextTable table;
    table.header = {"run", "started", "git", "before", "after", "change", "p"};
    table.right_aligned = {true, false, false, true, true, true, true};
    for (const auto& cp : s.change_points) {
      const auto& at = s.at(cp);
      table.rows.push_back({std::to_string(at.run_id), at.started_at, at.git_revision,
                            report::format_or_na(cp.before), report::format_or_na(cp.after),
                            signed_percent(cp.relative_change), fmt::format("{:.3f}", cp.p_value)});
    }
    text += args.format == "md" ? text::render_markdown(table) : text::render_text(table);
  }
  if (!quiet.empty()) {
    // Issue 31: runs that were all disturbed read "(0 runs each)" as if there were none.
    const std::string left_out =
        quiet_disturbed.high == 0
            ? ""
            : fmt::format("; {} disturbed runs each left out, --allow-disturbed keeps them",
                          quiet_disturbed.text());
    text += fmt::format("\nno change point in {} of {} series ({} runs each{}){}\n", quiet.size(),
                        all.size(), quiet_runs.text(), left_out,
                        quiet.size() <= 8 ? ": " + fmt::format("{}", fmt::join(quiet, "; ")) : "");
  }
  std::cout << text;
  return kExitOk;
}

int check_newest_run(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  store::CheckOptions options;
  options.threshold = parse_threshold(args.threshold);  // a bad option is an error first
  options.min_history = args.min_runs > 1 ? args.min_runs - 1 : 1;
  options.change_points = change_point_options(args);
  options.allow_disturbed = args.allow_disturbed;
  const auto scope = resolve_scope(db, filter);
  const std::size_t finished = scope ? scope->runs.size() : 0;
  if (finished < args.min_runs) {
    // Too early for a history verdict: the nightly keys on "nothing to judge yet" to fall
    // back to the comparison with the previous run.
    const std::string where =
        scope ? " of " + scope_text(*scope)
              : (filter.config_name.empty() ? std::string()
                                            : " of config '" + filter.config_name + "'");
    const std::string reason =
        fmt::format("{} finished run{}{}, fewer than --min-runs {}: nothing to judge yet", finished,
                    finished == 1 ? "" : "s", where, args.min_runs);
    if (args.format == "json")
      std::cout << model::dump_json(Json{{"finished_runs", finished},
                                         {"min_runs", args.min_runs},
                                         {"exit_code", compare::kExitInconclusive},
                                         {"reason", reason},
                                         {"cells", Json::array()}},
                                    2)
                << '\n';
    else
      std::cout << "history: " << reason << " -> exit 3\n";
    return compare::kExitInconclusive;
  }
  const store::StoredRun& newest = scope->runs.front();
  std::vector<store::NewestCheck> checks;
  for (const auto& s : selected_series(db, *scope, args)) {
    const MetricInfo* info = metric_info(s.workload, s.metric);
    if (auto check =
            store::check_newest(s, newest.id, info == nullptr || info->lower_is_better, options))
      checks.push_back(std::move(*check));
  }
  std::size_t counts[5] = {};
  for (const auto& c : checks) ++counts[static_cast<int>(c.verdict)];
  const std::size_t bad = counts[static_cast<int>(store::LevelVerdict::regression)] +
                          counts[static_cast<int>(store::LevelVerdict::broken)];
  const std::size_t inconclusive = counts[static_cast<int>(store::LevelVerdict::inconclusive)];
  int code = compare::kExitNoRegression;
  if (bad > 0)
    code = compare::kExitRegression;
  else if (checks.empty() || inconclusive == checks.size())
    code = compare::kExitInconclusive;

  if (args.format == "json") {
    Json cells = Json::array();
    for (const auto& c : checks)
      cells.push_back({{"workload", c.identity.workload},
                       {"plugin", c.identity.plugin},
                       {"point", c.identity.point},
                       {"metric", c.identity.metric},
                       {"lower_is_better", c.lower_is_better},
                       {"verdict", store::to_string(c.verdict)},
                       {"reason", c.reason},
                       {"newest", c.newest.median},
                       {"history_runs", c.history_runs},
                       {"level", c.band.center},
                       {"level_since_run", c.level_since_run},
                       {"level_runs", c.band.runs},
                       {"change", c.change},
                       {"band_half_width", c.band.half_width},
                       {"spread", c.band.spread},
                       {"k", c.band.k},
                       {"completed_change",
                        c.completed_change ? Json{{"run", c.completed_change_run},
                                                  {"before", c.completed_change->before},
                                                  {"after", c.completed_change->after},
                                                  {"change", c.completed_change->relative_change},
                                                  {"p_value", c.completed_change->p_value}}
                                           : Json()}});
    const Json out = {{"config", scope->filter.config_name},
                      {"host", scope->filter.host},
                      {"newest_run", newest.id},
                      {"finished_runs", scope->runs.size()},
                      {"threshold", options.threshold},
                      {"exit_code", code},
                      {"cells", std::move(cells)}};
    std::cout << model::dump_json(out, 2) << '\n';
    return code;
  }

  // --color: the verdicts on a console; md is for files and never coloured.
  const bool colour = args.format == "table" && colour_for(args.colour, STDOUT_FILENO);
  auto painted = [&](const std::string& line, text::Tint tint) {
    return colour ? text::paint(line, tint) : line;
  };
  text::TextTable table;
  table.header = {"cell", "metric", "newest", "level", "since run", "change", "band", "verdict"};
  table.right_aligned = {false, false, true, true, true, true, true, false};
  for (const auto& c : checks) {
    std::vector<text::Tint> tints(table.header.size(), text::Tint::none);
    tints.back() = level_verdict_tint(c.verdict);
    table.tints.push_back(std::move(tints));
    const bool judged = c.band.usable;
    table.rows.push_back(
        {fmt::format("{} {} {}", c.identity.workload, c.identity.plugin, c.identity.point),
         c.identity.metric, report::format_or_na(c.newest.median),
         judged ? report::format_or_na(c.band.center) : "",
         judged ? std::to_string(c.level_since_run) : "", judged ? signed_percent(c.change) : "",
         judged ? fmt::format("±{:.1f}%", 100 * c.band.half_width) : "",
         store::to_string(c.verdict)});
  }
  std::string text = fmt::format(
      "history check: run {} ({}, git {}) against the level of the {} runs before it, {}{}\n",
      newest.id, newest.started_at, newest.git_revision, scope->runs.size() - 1, scope_text(*scope),
      args.allow_disturbed ? "; disturbed runs kept (--allow-disturbed)" : "");
  text += args.format == "md" ? text::render_markdown(table) : text::render_text(table, colour);
  // Each regression, breakage and improvement with its band; the inconclusive ones by reason
  // (a disturbed run makes every cell of it inconclusive for the same reason).
  std::vector<std::pair<std::string, std::size_t>> why_inconclusive;
  for (const auto& c : checks) {
    if (c.verdict == store::LevelVerdict::within) continue;
    if (c.verdict != store::LevelVerdict::inconclusive) {
      text += painted(fmt::format("{}: {} {} {} {}: {}", store::to_string(c.verdict),
                                  c.identity.workload, c.identity.plugin, c.identity.point,
                                  c.identity.metric, c.reason),
                      level_verdict_tint(c.verdict)) +
              '\n';
      continue;
    }
    auto it = std::find_if(why_inconclusive.begin(), why_inconclusive.end(),
                           [&](const auto& entry) { return entry.first == c.reason; });
    if (it == why_inconclusive.end())
      why_inconclusive.emplace_back(c.reason, 1);
    else
      ++it->second;
  }
  for (const auto& c : checks)
    if (c.completed_change)
      text += fmt::format(
          "note: {} {} {} {}: a change point at run {} ({} -> {}, {}, p = {:.3f}) now holds the "
          "newest run; reported, not a verdict by itself\n",
          c.identity.workload, c.identity.plugin, c.identity.point, c.identity.metric,
          c.completed_change_run, report::format_or_na(c.completed_change->before),
          report::format_or_na(c.completed_change->after),
          signed_percent(c.completed_change->relative_change), c.completed_change->p_value);
  for (const auto& [reason, count] : why_inconclusive)
    text +=
        painted(fmt::format("inconclusive ({} series): {}", count, reason), text::Tint::yellow) +
        '\n';
  text += "history verdict: " +
          painted(fmt::format(
                      "{} regression{}, {} broken, {} improved, {} within the band, {} "
                      "inconclusive -> exit {}",
                      counts[static_cast<int>(store::LevelVerdict::regression)],
                      counts[static_cast<int>(store::LevelVerdict::regression)] == 1 ? "" : "s",
                      counts[static_cast<int>(store::LevelVerdict::broken)],
                      counts[static_cast<int>(store::LevelVerdict::improved)],
                      counts[static_cast<int>(store::LevelVerdict::within)], inconclusive, code),
                  compare::exit_tint(code)) +
          '\n';
  std::cout << text;
  return code;
}

}  // namespace rb::cli
