// The history's noise band: where the newest run of a series must land to count as "the
// same level". Between nights a cell's median drifts far more than its CI says (VERDICTS.md
// section 5), so the band is built from the series' own night-to-night scatter, only over
// the runs since its last change point (older levels are another baseline).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "stats/change_points.h"

namespace rb::stats {

// One-sided false-alarm rate of the band per series and night. A nightly judges ~100
// series (cells x headline metrics); 0.0005 each keeps an unchanged tree under 1 red night
// in 20 even if they were independent.
inline constexpr double kBandFalseAlarm = 0.0005;

struct LevelBand {
  std::vector<ChangePoint> change_points;  // of the history (the newest run not included)
  std::size_t since = 0;                   // index of the first run of the current level
  std::size_t runs = 0;                    // runs in the current level
  double center = 0;                       // their median
  // Relative scatter of a run around its level: the larger of the scaled MAD (1.4826 x
  // median |r|) and the root mean square of r, r = run / its segment's median - 1 over every
  // run of the history (each against its own level, so a past step is not counted as noise).
  double spread = 0;
  std::size_t degrees_of_freedom = 0;  // runs - segments
  double k = 0;                        // t(df, 1 - kBandFalseAlarm) x sqrt(1 + 1 / runs)
  double half_width = 0;               // relative: max(threshold, k x spread)
  bool usable = false;                 // false: too few runs (df < 1) or a zero level
};

LevelBand level_band(std::span<const double> history, double threshold,
                     const ChangePointOptions& options = {});

// Student's t quantile at 1 - kBandFalseAlarm for df degrees of freedom (a table; conservative
// between its rows).
double t_quantile_band(std::size_t df);

}  // namespace rb::stats
