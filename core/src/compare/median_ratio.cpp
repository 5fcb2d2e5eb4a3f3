#include "compare/median_ratio.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

#include "stats/resample.h"
#include "stats/summary.h"

namespace rb::compare {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double median_of(std::vector<double>& values) {
  std::sort(values.begin(), values.end());
  return stats::quantile_sorted(values, 0.5);
}

// The median by selection rather than sorting: the resampling loop's whole cost.
double resample_median(std::span<const double> data, std::vector<double>& buffer,
                       std::mt19937_64& engine) {
  const std::size_t n = data.size();
  buffer.resize(n);
  for (double& x : buffer) x = data[stats::draw_index(engine, n)];
  const auto middle = buffer.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(buffer.begin(), middle, buffer.end());
  if (n % 2 == 1) return *middle;
  const double below = *std::max_element(buffer.begin(), middle);
  return below + (*middle - below) / 2;
}

}  // namespace

RatioEstimate bootstrap_median_ratio(std::span<const double> base, std::span<const double> next,
                                     std::uint64_t seed, int resamples, double ci_level) {
  if (base.empty() || next.empty())
    throw std::invalid_argument("bootstrap_median_ratio: empty sample");
  RatioEstimate out;
  out.ci_level = ci_level;
  std::vector<double> base_copy(base.begin(), base.end());
  std::vector<double> next_copy(next.begin(), next.end());
  const double base_median = median_of(base_copy);
  const double next_median = median_of(next_copy);
  out.ratio = base_median == 0 ? kNaN : next_median / base_median;

  std::mt19937_64 engine(seed);
  std::vector<double> buffer;
  std::vector<double> ratios;
  ratios.reserve(static_cast<std::size_t>(std::max(resamples, 0)));
  for (int i = 0; i < resamples; ++i) {
    const double b = resample_median(base, buffer, engine);
    const double n = resample_median(next, buffer, engine);
    if (b != 0) ratios.push_back(n / b);
  }
  if (ratios.empty()) {
    out.ci_low = out.ci_high = resamples < 1 ? out.ratio : kNaN;
    return out;
  }
  std::sort(ratios.begin(), ratios.end());
  const double tail = (1 - ci_level) / 2;
  out.ci_low = stats::quantile_sorted(ratios, tail);
  out.ci_high = stats::quantile_sorted(ratios, 1 - tail);
  return out;
}

}  // namespace rb::compare
