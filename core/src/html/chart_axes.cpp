#include "html/chart_axes.h"

#include <algorithm>
#include <cmath>

namespace rb::html {

double nice_step(double span, int count) {
  if (!(span > 0) || count < 1) return 1;
  const double rough = span / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double factor : {1.0, 2.0, 2.5, 5.0})
    if (factor * magnitude >= rough) return factor * magnitude;
  return 10 * magnitude;
}

ValueAxis value_axis(double lowest, double highest, bool non_negative) {
  if (!std::isfinite(lowest) || !std::isfinite(highest)) {
    lowest = 0;
    highest = 1;
  }
  // A flat series still gets some height: at least +-2% around its value.
  const double pad = std::max((highest - lowest) * 0.08, std::abs(highest) * 0.02);
  double low = lowest - (pad > 0 ? pad : 1);
  double high = highest + (pad > 0 ? pad : 1);
  if (non_negative && lowest >= 0) low = std::max(low, 0.0);
  const double step = nice_step(high - low, 4);
  ValueAxis axis;
  axis.low = std::floor(low / step) * step;
  axis.high = std::ceil(high / step) * step;
  if (non_negative && lowest >= 0) axis.low = std::max(axis.low, 0.0);
  for (double tick = axis.low; tick <= axis.high + step * 1e-9; tick += step)
    axis.ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
  return axis;
}

}  // namespace rb::html
