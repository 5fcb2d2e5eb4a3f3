// Change points and the newest run's verdict over stored histories: each cell's series of
// run medians (ok, undisturbed runs only), E-Divisive's change points in it, and whether
// the newest run broke the level of the runs before it (VERDICTS.md sections 5 and 6).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stats/change_points.h"
#include "stats/level_band.h"
#include "store/history_query.h"

namespace rb::store {

struct SeriesChanges {
  CellHistory history;            // every stored point, oldest first
  std::vector<std::size_t> used;  // the points in the series: ok and not disturbed
  std::size_t disturbed = 0;      // ok points left out because their cell was disturbed
  std::vector<stats::ChangePoint> change_points;  // index: into `used`
  // The stored point where change point i happens (history.points[used[index]]).
  const HistoryPoint& at(const stats::ChangePoint& cp) const {
    return history.points[used[cp.index]];
  }
};

// A series of one of its workload's headline metrics (every metric, for a workload that
// declares none): what --changes, --check-newest and the report look at by default.
bool headline_series(const CellHistory& history);

// allow_disturbed: keep disturbed runs in the series (--allow-disturbed, as compare's: on a
// machine where every run is flagged, the history is still worth seeing, with that caveat).
SeriesChanges find_series_changes(CellHistory history,
                                  const stats::ChangePointOptions& options = {},
                                  bool allow_disturbed = false);

enum class LevelVerdict {
  within,        // inside the band, or outside it by less than the threshold
  regression,    // worse than the band and the threshold allow
  improved,      // better beyond band and threshold (not a failure)
  broken,        // the newest run's cell failed, crashed or timed out; the one before ran
  inconclusive,  // too little history, or the newest cell disturbed
};
const char* to_string(LevelVerdict verdict);

struct NewestCheck {
  CellHistory identity;  // workload, plugin, point, metric (points left empty)
  HistoryPoint newest;
  LevelVerdict verdict = LevelVerdict::inconclusive;
  std::string reason;                // for inconclusive and broken; what the band was otherwise
  stats::LevelBand band;             // of the runs before the newest
  std::int64_t level_since_run = 0;  // the stored run where the band's level starts
  std::size_t history_runs = 0;      // points the band was built from
  double change = 0;                 // newest / band centre - 1
  bool lower_is_better = true;
  // A change point that the newest run completes: found in the series with the newest run
  // but after the history's last one (its new level holds the newest run). Reported, not a
  // verdict by itself: at alpha 0.01 over a nightly's ~100 series it would fail far more
  // nights than the band's budget (docs/methodology.md, History).
  std::optional<stats::ChangePoint> completed_change;
  std::int64_t completed_change_run = 0;
};

struct CheckOptions {
  double threshold = 0.05;      // relative: a change inside it is never a regression
  std::size_t min_history = 4;  // usable runs before the newest (--min-runs minus 1)
  stats::ChangePointOptions change_points = {};
  bool allow_disturbed = false;  // judge disturbed runs too (and count them in the band)
};

// `newest_run`: the id of the run being judged; a series without it is not judged (nullopt).
std::optional<NewestCheck> check_newest(const CellHistory& history, std::int64_t newest_run,
                                        bool lower_is_better, const CheckOptions& options);

}  // namespace rb::store
