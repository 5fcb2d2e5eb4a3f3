#include "cli/history_changes_command.h"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/exit_codes.h"
#include "cli/history_scope.h"
#include "model/json_codec.h"
#include "report/listing.h"
#include "report/number_format.h"
#include "store/history_changes.h"
#include "text/text_table.h"

namespace rb::cli {
namespace {

using model::Json;

std::string series_name(const store::CellHistory& s) {
  return fmt::format("{} {} {} {}", s.workload, s.plugin, s.point, s.metric);
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

Json changes_json(const std::vector<store::SeriesChanges>& all, const HistoryScope& scope,
                  const stats::ChangePointOptions& options) {
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
  return {{"config", scope.filter.config_name},
          {"host", scope.filter.host},
          {"alpha", options.alpha},
          {"permutations", options.permutations},
          {"min_segment", options.min_segment},
          {"seed", options.seed},
          {"series", std::move(series)}};
}

text::TextTable change_point_table(const store::SeriesChanges& s) {
  text::TextTable table;
  table.header = {"run", "started", "git", "before", "after", "change", "p"};
  table.right_aligned = {true, false, false, true, true, true, true};
  for (const auto& cp : s.change_points) {
    const auto& at = s.at(cp);
    table.rows.push_back({std::to_string(at.run_id), at.started_at, at.git_revision,
                          report::format_or_na(cp.before), report::format_or_na(cp.after),
                          signed_percent(cp.relative_change), fmt::format("{:.3f}", cp.p_value)});
  }
  return table;
}

// The series without a change point, in one line at the end.
struct QuietSeries {
  std::vector<std::string> names;
  CountRange runs;
  CountRange disturbed;

  void add(const store::SeriesChanges& s) {
    names.push_back(series_name(s.history));
    runs.add(s.used.size());
    disturbed.add(s.disturbed);
  }
  std::string line(std::size_t series) const {
    // Issue 31: runs that were all disturbed read "(0 runs each)" as if there were none.
    const std::string left_out =
        disturbed.high == 0
            ? ""
            : fmt::format("; {} disturbed runs each left out, --allow-disturbed keeps them",
                          disturbed.text());
    return fmt::format("no change point in {} of {} series ({} runs each{}){}", names.size(),
                       series, runs.text(), left_out,
                       names.size() <= 8 ? ": " + fmt::format("{}", fmt::join(names, "; ")) : "");
  }
};

void add_changes_text(report::Listing& out, const std::vector<store::SeriesChanges>& all,
                      const HistoryScope& scope, const stats::ChangePointOptions& options,
                      bool allow_disturbed) {
  out.line(fmt::format(
      "change points in {} (E-Divisive means: alpha {}, {} permutations, segments of at least {} "
      "runs, seed {:#x}){}",
      scope_text(scope), options.alpha, options.permutations, options.min_segment, options.seed,
      allow_disturbed ? "; disturbed runs kept (--allow-disturbed)" : ""));
  QuietSeries quiet;
  for (const auto& s : all) {
    if (s.change_points.empty()) {
      quiet.add(s);
      continue;
    }
    const std::string left_out =
        s.disturbed == 0 ? "" : fmt::format(", {} disturbed left out", s.disturbed);
    out.line("");
    out.line(fmt::format("{} ({} runs{}):", series_name(s.history), s.used.size(), left_out));
    out.table(change_point_table(s));
  }
  if (quiet.names.empty()) return;
  out.line("");
  out.line(quiet.line(all.size()));
}

}  // namespace

int show_history_changes(store::Database& db, const store::RunFilter& filter,
                         const HistoryArgs& args) {
  const auto scope = resolve_history_scope(db, filter);
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
  report::Listing listing;
  listing.json = changes_json(all, *scope, options);
  add_changes_text(listing, all, *scope, options, args.allow_disturbed);
  return print_history_listing(listing, args, kExitOk);
}

}  // namespace rb::cli
