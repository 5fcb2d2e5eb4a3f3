#include "store/history_changes.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "text/enum_names.h"
#include "workload/registry.h"

namespace rb::store {
namespace {

bool usable(const HistoryPoint& p, bool allow_disturbed) {
  return p.cell_status == "ok" && (allow_disturbed || !p.disturbed) && std::isfinite(p.median);
}

bool broke(const std::string& status) {
  return status == "failed" || status == "crashed" || status == "timeout";
}

std::string percent(double fraction) {
  return fmt::format("{:.1f}%", 100 * fraction);
}

}  // namespace

const char* to_string(LevelVerdict verdict) {
  constexpr text::EnumName<LevelVerdict> kNames[] = {{LevelVerdict::within, "within"},
                                                     {LevelVerdict::regression, "regression"},
                                                     {LevelVerdict::improved, "improved"},
                                                     {LevelVerdict::broken, "broken"}};
  return text::name_of(kNames, verdict, "inconclusive");
}

bool headline_series(const CellHistory& history) {
  const auto& declared = workload::metrics_for_workload(history.workload);
  const bool any = std::any_of(declared.begin(), declared.end(),
                               [](const MetricInfo& info) { return info.headline; });
  return !any || std::any_of(declared.begin(), declared.end(), [&](const MetricInfo& info) {
    return info.headline && info.name == history.metric;
  });
}

SeriesChanges find_series_changes(CellHistory history, const stats::ChangePointOptions& options,
                                  bool allow_disturbed) {
  SeriesChanges out;
  std::vector<double> values;
  for (std::size_t i = 0; i < history.points.size(); ++i) {
    const HistoryPoint& p = history.points[i];
    if (p.cell_status == "ok" && p.disturbed && !allow_disturbed) ++out.disturbed;
    if (!usable(p, allow_disturbed)) continue;
    out.used.push_back(i);
    values.push_back(p.median);
  }
  out.change_points = stats::find_change_points(values, options);
  out.history = std::move(history);
  return out;
}

std::optional<NewestCheck> check_newest(const CellHistory& history, std::int64_t newest_run,
                                        bool lower_is_better, const CheckOptions& options) {
  const auto& points = history.points;
  const auto found = std::find_if(points.begin(), points.end(),
                                  [&](const HistoryPoint& p) { return p.run_id == newest_run; });
  if (found == points.end() || found->cell_status == "skipped") return std::nullopt;
  NewestCheck check;
  check.identity = {history.workload, history.plugin, history.point, history.metric, {}};
  check.newest = *found;
  check.lower_is_better = lower_is_better;

  std::vector<double> values;
  std::vector<std::int64_t> runs;
  for (auto it = points.begin(); it != found; ++it) {
    if (!usable(*it, options.allow_disturbed)) continue;
    values.push_back(it->median);
    runs.push_back(it->run_id);
  }
  check.history_runs = values.size();

  if (broke(found->cell_status)) {
    // As compare does: a cell that ran before and now does not is a regression by itself.
    const bool ran_before = found != points.begin() && std::prev(found)->cell_status == "ok";
    check.verdict = ran_before ? LevelVerdict::broken : LevelVerdict::inconclusive;
    check.reason = fmt::format("newest run: cell {}{}", found->cell_status,
                               ran_before ? "; the run before was ok" : ", as before");
    return check;
  }
  if (found->cell_status != "ok") {
    check.reason = "newest run: cell " + found->cell_status;
    return check;
  }
  if (found->disturbed && !options.allow_disturbed) {
    check.reason = "newest run disturbed (interference): no verdict";
    return check;
  }
  if (values.size() < options.min_history) {
    check.reason = fmt::format("{} usable run{} before the newest, {} needed", values.size(),
                               values.size() == 1 ? "" : "s", options.min_history);
    return check;
  }
  check.band = stats::level_band(values, options.threshold, options.change_points);
  if (!check.band.usable) {
    check.reason = "no band: a zero level or too few runs";
    return check;
  }
  check.level_since_run = runs[check.band.since];
  std::vector<double> with_newest = values;
  with_newest.push_back(found->median);
  runs.push_back(found->run_id);
  const auto all = stats::find_change_points(with_newest, options.change_points);
  if (!all.empty() && all.back().index > check.band.since) {
    check.completed_change = all.back();
    check.completed_change_run = runs[all.back().index];
  }
  check.change = found->median / check.band.center - 1;
  const double worse = lower_is_better ? check.change : -check.change;
  if (worse > check.band.half_width)
    check.verdict = LevelVerdict::regression;
  else if (-worse > check.band.half_width)
    check.verdict = LevelVerdict::improved;
  else
    check.verdict = LevelVerdict::within;
  check.reason = fmt::format(
      "level {:.4g} over {} runs since run {}, band ±{} (max of threshold {} and {:.1f} x "
      "spread {})",
      check.band.center, check.band.runs, check.level_since_run, percent(check.band.half_width),
      percent(options.threshold), check.band.k, percent(check.band.spread));
  return check;
}

}  // namespace rb::store
