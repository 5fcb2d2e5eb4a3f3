#include "cli/history_scope.h"

#include <unistd.h>

#include <cmath>
#include <iostream>

#include <fmt/format.h>

#include "cli/colour_option.h"
#include "cli/reporters.h"
#include "store/history_changes.h"

namespace rb::cli {

std::optional<HistoryScope> resolve_history_scope(store::Database& db,
                                                  const store::RunFilter& given) {
  HistoryScope scope;
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

std::string scope_text(const HistoryScope& scope) {
  return fmt::format("config '{}' on host '{}'", scope.filter.config_name, scope.filter.host);
}

stats::ChangePointOptions change_point_options(const HistoryArgs& args) {
  stats::ChangePointOptions options;
  options.alpha = args.alpha;
  return options;
}

std::vector<store::CellHistory> selected_series(store::Database& db, const HistoryScope& scope,
                                                const HistoryArgs& args) {
  auto series =
      store::cell_history(db, store::CellFilter(args.cell), args.metrics, scope.filter, args.last);
  if (args.metrics.empty())
    std::erase_if(series, [](const auto& s) { return !store::headline_series(s); });
  return series;
}

std::string signed_percent(double fraction) {
  return std::isfinite(fraction) ? fmt::format("{:+.1f}%", 100 * fraction) : "n/a";
}

int print_history_listing(const report::Listing& listing, const HistoryArgs& args, int code) {
  // --color: the verdicts on a console; only the table's formatter takes the flag (md and json
  // are for files and never coloured).
  const bool colour = colour_for(args.colour, STDOUT_FILENO);
  std::cout << render(OutputKind::history, args.format, {.part = &listing, .colour = colour}).text;
  return code;
}

}  // namespace rb::cli
