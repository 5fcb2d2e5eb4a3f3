// `runner history --check-newest`: the verdicts, the exit code they make, and the listing
// (table, notes, the verdict line) that says them.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "cli/compare_options.h"
#include "cli/history_changes_command.h"
#include "cli/history_scope.h"
#include "cli/level_verdict_tint.h"
#include "compare/run_comparison.h"
#include "compare/verdict_tint.h"
#include "model/json_codec.h"
#include "model/metric_info.h"
#include "report/listing.h"
#include "report/number_format.h"
#include "store/history_changes.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

using model::Json;
using store::LevelVerdict;

const MetricInfo* metric_info(const std::string& workload, const std::string& metric) {
  for (const auto& info : workload::metrics_for_workload(workload))
    if (info.name == metric) return &info;
  return nullptr;
}

// How many cells got each verdict, and the exit code that makes: 1 on a regression or a
// breakage, 3 when nothing was judged or all of it inconclusive, else 0.
struct VerdictCounts {
  std::size_t of[5] = {};
  int exit_code = compare::kExitNoRegression;

  explicit VerdictCounts(const std::vector<store::NewestCheck>& checks) {
    for (const auto& c : checks) ++of[static_cast<int>(c.verdict)];
    if (count(LevelVerdict::regression) + count(LevelVerdict::broken) > 0)
      exit_code = compare::kExitRegression;
    else if (checks.empty() || count(LevelVerdict::inconclusive) == checks.size())
      exit_code = compare::kExitInconclusive;
  }
  std::size_t count(LevelVerdict verdict) const { return of[static_cast<int>(verdict)]; }

  std::string summary() const {
    const std::size_t regressions = count(LevelVerdict::regression);
    return fmt::format(
        "{} regression{}, {} broken, {} improved, {} within the band, {} inconclusive -> exit {}",
        regressions, regressions == 1 ? "" : "s", count(LevelVerdict::broken),
        count(LevelVerdict::improved), count(LevelVerdict::within),
        count(LevelVerdict::inconclusive), exit_code);
  }
};

std::string cell_name(const store::NewestCheck& c) {
  return fmt::format("{} {} {}", c.identity.workload, c.identity.plugin, c.identity.point);
}

Json completed_change_json(const store::NewestCheck& c) {
  if (!c.completed_change) return Json();
  return {{"run", c.completed_change_run},
          {"before", c.completed_change->before},
          {"after", c.completed_change->after},
          {"change", c.completed_change->relative_change},
          {"p_value", c.completed_change->p_value}};
}

Json check_json(const store::NewestCheck& c) {
  return {{"workload", c.identity.workload},
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
          {"completed_change", completed_change_json(c)}};
}

text::TextTable check_table(const std::vector<store::NewestCheck>& checks) {
  text::TextTable table;
  table.header = {"cell", "metric", "newest", "level", "since run", "change", "band", "verdict"};
  table.right_aligned = {false, false, true, true, true, true, true, false};
  for (const auto& c : checks) {
    std::vector<text::Tint> tints(table.header.size(), text::Tint::none);
    tints.back() = level_verdict_tint(c.verdict);
    table.tints.push_back(std::move(tints));
    const bool judged = c.band.usable;
    table.rows.push_back({cell_name(c), c.identity.metric, report::format_or_na(c.newest.median),
                          judged ? report::format_or_na(c.band.center) : "",
                          judged ? std::to_string(c.level_since_run) : "",
                          judged ? signed_percent(c.change) : "",
                          judged ? fmt::format("±{:.1f}%", 100 * c.band.half_width) : "",
                          store::to_string(c.verdict)});
  }
  return table;
}

// Each regression, breakage and improvement with its band; then the change points that now
// hold the newest run; then the inconclusive ones by reason (a disturbed run makes every
// cell of it inconclusive for the same reason).
void add_check_notes(report::Listing& out, const std::vector<store::NewestCheck>& checks) {
  std::vector<std::pair<std::string, std::size_t>> why_inconclusive;
  for (const auto& c : checks) {
    if (c.verdict == LevelVerdict::within) continue;
    if (c.verdict != LevelVerdict::inconclusive) {
      out.line(fmt::format("{}: {} {}: {}", store::to_string(c.verdict), cell_name(c),
                           c.identity.metric, c.reason),
               level_verdict_tint(c.verdict));
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
      out.line(fmt::format(
          "note: {} {}: a change point at run {} ({} -> {}, {}, p = {:.3f}) now holds the newest "
          "run; reported, not a verdict by itself",
          cell_name(c), c.identity.metric, c.completed_change_run,
          report::format_or_na(c.completed_change->before),
          report::format_or_na(c.completed_change->after),
          signed_percent(c.completed_change->relative_change), c.completed_change->p_value));
  for (const auto& [reason, count] : why_inconclusive)
    out.line(fmt::format("inconclusive ({} series): {}", count, reason), text::Tint::yellow);
}

// Too early for a history verdict: the nightly keys on "nothing to judge yet" to fall back
// to the comparison with the previous run.
report::Listing too_few_runs(const std::optional<HistoryScope>& scope,
                             const store::RunFilter& filter, const HistoryArgs& args) {
  const std::size_t finished = scope ? scope->runs.size() : 0;
  const std::string where =
      scope ? " of " + scope_text(*scope)
            : (filter.config_name.empty() ? std::string()
                                          : " of config '" + filter.config_name + "'");
  const std::string reason =
      fmt::format("{} finished run{}{}, fewer than --min-runs {}: nothing to judge yet", finished,
                  finished == 1 ? "" : "s", where, args.min_runs);
  report::Listing listing;
  listing.json = {{"finished_runs", finished},
                  {"min_runs", args.min_runs},
                  {"exit_code", compare::kExitInconclusive},
                  {"reason", reason},
                  {"cells", Json::array()}};
  listing.line("history: " + reason + " -> exit 3");
  return listing;
}

store::CheckOptions check_options(const HistoryArgs& args) {
  store::CheckOptions options;
  options.threshold = parse_threshold(args.threshold);  // a bad option is an error first
  options.min_history = args.min_runs > 1 ? args.min_runs - 1 : 1;
  options.change_points = change_point_options(args);
  options.allow_disturbed = args.allow_disturbed;
  return options;
}

std::vector<store::NewestCheck> check_series(store::Database& db, const HistoryScope& scope,
                                             const HistoryArgs& args,
                                             const store::CheckOptions& options) {
  std::vector<store::NewestCheck> checks;
  for (const auto& s : selected_series(db, scope, args)) {
    const MetricInfo* info = metric_info(s.workload, s.metric);
    if (auto check = store::check_newest(s, scope.runs.front().id,
                                         info == nullptr || info->lower_is_better, options))
      checks.push_back(std::move(*check));
  }
  return checks;
}

report::Listing check_listing(const std::vector<store::NewestCheck>& checks,
                              const VerdictCounts& counts, const HistoryScope& scope,
                              const HistoryArgs& args, double threshold) {
  const store::StoredRun& newest = scope.runs.front();
  report::Listing listing;
  Json cells = Json::array();
  for (const auto& c : checks) cells.push_back(check_json(c));
  listing.json = {{"config", scope.filter.config_name},
                  {"host", scope.filter.host},
                  {"newest_run", newest.id},
                  {"finished_runs", scope.runs.size()},
                  {"threshold", threshold},
                  {"exit_code", counts.exit_code},
                  {"cells", std::move(cells)}};
  listing.line(fmt::format(
      "history check: run {} ({}, git {}) against the level of the {} runs before it, {}{}",
      newest.id, newest.started_at, newest.git_revision, scope.runs.size() - 1, scope_text(scope),
      args.allow_disturbed ? "; disturbed runs kept (--allow-disturbed)" : ""));
  listing.table(check_table(checks));
  add_check_notes(listing, checks);
  listing.line(counts.summary(), compare::exit_tint(counts.exit_code), "history verdict: ");
  return listing;
}

}  // namespace

int check_newest_run(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args) {
  const store::CheckOptions options = check_options(args);
  const auto scope = resolve_history_scope(db, filter);
  if (!scope || scope->runs.size() < args.min_runs)
    return print_history_listing(too_few_runs(scope, filter, args), args,
                                 compare::kExitInconclusive);
  const auto checks = check_series(db, *scope, args, options);
  const VerdictCounts counts(checks);
  return print_history_listing(check_listing(checks, counts, *scope, args, options.threshold), args,
                               counts.exit_code);
}

}  // namespace rb::cli
