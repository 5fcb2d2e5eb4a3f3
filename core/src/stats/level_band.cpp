#include "stats/level_band.h"

#include <algorithm>
#include <cmath>

#include "stats/summary.h"

namespace rb::stats {
double t_quantile_band(std::size_t df) {
  // t(df, 0.9995), the usual table; df above a row uses that row's (larger) value.
  static constexpr double kSmall[] = {636.6, 31.60, 12.92, 8.610, 6.869, 5.959, 5.408, 5.041,
                                      4.781, 4.587, 4.437, 4.318, 4.221, 4.140, 4.073, 4.015,
                                      3.965, 3.922, 3.883, 3.850, 3.819, 3.792, 3.768, 3.745,
                                      3.725, 3.707, 3.690, 3.674, 3.659, 3.646};
  if (df == 0) return std::nan("");
  if (df <= 30) return kSmall[df - 1];
  if (df < 40) return 3.646;
  if (df < 60) return 3.551;
  if (df < 120) return 3.460;
  return 3.373;
}

LevelBand level_band(std::span<const double> history, double threshold,
                     const ChangePointOptions& options) {
  LevelBand band;
  if (history.empty()) return band;
  band.change_points = find_change_points(history, options);
  std::vector<std::size_t> starts = {0};
  for (const auto& cp : band.change_points) starts.push_back(cp.index);
  starts.push_back(history.size());

  std::vector<double> residuals;
  for (std::size_t s = 0; s + 1 < starts.size(); ++s) {
    const auto segment = history.subspan(starts[s], starts[s + 1] - starts[s]);
    const double level = median_of(segment);
    if (level == 0) return band;
    for (double y : segment) residuals.push_back(y / level - 1);
    if (s + 2 == starts.size()) {
      band.since = starts[s];
      band.runs = segment.size();
      band.center = level;
    }
  }
  const std::size_t segments = starts.size() - 1;
  if (residuals.size() <= segments) return band;
  band.degrees_of_freedom = residuals.size() - segments;

  double squares = 0;
  std::vector<double> absolute;
  for (double r : residuals) {
    squares += r * r;
    absolute.push_back(std::abs(r));
  }
  const double rms = std::sqrt(squares / static_cast<double>(band.degrees_of_freedom));
  const double mad = 1.4826 * median_of(absolute);
  band.spread = std::max(rms, mad);
  band.k = t_quantile_band(band.degrees_of_freedom) *
           std::sqrt(1.0 + 1.0 / static_cast<double>(band.runs));
  band.half_width = std::max(threshold, band.k * band.spread);
  band.usable = true;
  return band;
}

}  // namespace rb::stats
