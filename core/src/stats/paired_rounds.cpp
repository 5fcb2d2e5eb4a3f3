#include "stats/paired_rounds.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include <boost/math/distributions/students_t.hpp>

#include "stats/resample.h"
#include "stats/summary.h"

namespace rb::stats {
namespace {

constexpr double kNoEstimate = std::numeric_limits<double>::quiet_NaN();
constexpr std::size_t kExactSignFlipLimit = 20;  // 2^20 patterns: exact and still instant
constexpr std::size_t kRandomSignPatterns = std::size_t{1} << 20;

// A relative tolerance for "reaches the observed sum", so that sums equal in exact arithmetic
// but not in floating point count as reaching it.
bool reaches(double sum, double observed) {
  return std::abs(sum) >= observed * (1 - 1e-12);
}

double exact_sign_flip_p(const std::vector<double>& values, double observed) {
  const std::size_t n = values.size();
  const std::uint64_t patterns = std::uint64_t{1} << n;
  std::uint64_t reaching = 0;
  for (std::uint64_t mask = 0; mask < patterns; ++mask) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += (mask >> i & 1) != 0 ? -values[i] : values[i];
    if (reaches(sum, observed)) ++reaching;
  }
  return static_cast<double>(reaching) / static_cast<double>(patterns);
}

double random_sign_flip_p(const std::vector<double>& values, double observed, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::size_t reaching = 1;  // the observed pattern itself, so that p is never 0
  for (std::size_t k = 0; k < kRandomSignPatterns; ++k) {
    double sum = 0;
    for (double value : values) sum += draw_index(engine, 2) != 0 ? -value : value;
    if (reaches(sum, observed)) ++reaching;
  }
  return static_cast<double>(reaching) / static_cast<double>(kRandomSignPatterns + 1);
}

double hodges_lehmann_of_draw(const std::vector<double>& values, std::vector<double>& drawn,
                              std::mt19937_64& engine) {
  drawn.clear();
  for (std::size_t i = 0; i < values.size(); ++i)
    drawn.push_back(values[draw_index(engine, values.size())]);
  return hodges_lehmann(drawn);
}

// Percentile interval of the bootstrap over pairs, with the tail Hesterberg's expansion asks
// for at this many pairs (stats/bootstrap.h: expanded_tail).
Interval pairs_bootstrap_ci(const std::vector<double>& values, double ci_level, std::uint64_t seed,
                            int resamples) {
  if (values.size() < 2) return {kNoEstimate, kNoEstimate};
  std::mt19937_64 engine(seed);
  std::vector<double> drawn;
  std::vector<double> replicates;
  replicates.reserve(static_cast<std::size_t>(resamples));
  for (int b = 0; b < resamples; ++b)
    replicates.push_back(hodges_lehmann_of_draw(values, drawn, engine));
  std::sort(replicates.begin(), replicates.end());
  const double n = static_cast<double>(values.size());
  const double tail = expanded_tail(ci_level, n, n - 1);
  return {quantile_sorted(replicates, tail), quantile_sorted(replicates, 1 - tail)};
}

struct LogMedians {
  std::vector<double> base;
  std::vector<double> next;
};

// The log round medians of the pairs where both sides have a positive median.
LogMedians paired_log_medians(const RoundSamples& base, const RoundSamples& next) {
  LogMedians out;
  const std::size_t n = std::min(base.size(), next.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (base[i].empty() || next[i].empty()) continue;
    const double b = median_of(base[i]);
    const double x = median_of(next[i]);
    if (b <= 0 || x <= 0) continue;
    out.base.push_back(std::log(b));
    out.next.push_back(std::log(x));
  }
  return out;
}

std::vector<double> differences(const LogMedians& logs) {
  std::vector<double> out;
  for (std::size_t i = 0; i < logs.base.size(); ++i) out.push_back(logs.next[i] - logs.base[i]);
  return out;
}

}  // namespace

std::vector<double> paired_log_ratios(const RoundSamples& base, const RoundSamples& next) {
  return differences(paired_log_medians(base, next));
}

double hodges_lehmann(const std::vector<double>& values) {
  if (values.empty()) return kNoEstimate;
  std::vector<double> walsh;
  walsh.reserve(values.size() * (values.size() + 1) / 2);
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i; j < values.size(); ++j) walsh.push_back((values[i] + values[j]) / 2);
  return median_of(walsh);
}

double one_sample_t_p(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n < 2) return 1;
  const double mean = mean_of(values);
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double sd = std::sqrt(squares / static_cast<double>(n - 1));
  if (sd == 0) return mean == 0 ? 1 : 0;
  const double t = mean / (sd / std::sqrt(static_cast<double>(n)));
  const boost::math::students_t distribution(static_cast<double>(n - 1));
  return 2 * boost::math::cdf(boost::math::complement(distribution, std::abs(t)));
}

double sign_flip_p(const std::vector<double>& values, std::uint64_t seed) {
  if (values.empty()) return 1;
  const double observed = std::abs(std::accumulate(values.begin(), values.end(), 0.0));
  if (values.size() <= kExactSignFlipLimit) return exact_sign_flip_p(values, observed);
  return random_sign_flip_p(values, observed, seed);
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = std::min(x.size(), y.size());
  if (n < 3) return kNoEstimate;
  const std::vector<double> xs(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n));
  const std::vector<double> ys(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(n));
  const double mx = mean_of(xs);
  const double my = mean_of(ys);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) * (xs[i] - mx);
    syy += (ys[i] - my) * (ys[i] - my);
  }
  if (sxx == 0 || syy == 0) return kNoEstimate;
  return sxy / std::sqrt(sxx * syy);
}

PairedRatio paired_ratio_of_logs(const std::vector<double>& logs, double correlation,
                                 double ci_level, std::uint64_t seed, int resamples) {
  PairedRatio out;
  out.pairs = logs.size();
  out.correlation = correlation;
  if (logs.empty()) {
    out.ratio = out.ci.low = out.ci.high = kNoEstimate;
    return out;
  }
  out.ratio = std::exp(hodges_lehmann(logs));
  const Interval log_ci = pairs_bootstrap_ci(logs, ci_level, seed, resamples);
  out.ci = {std::exp(log_ci.low), std::exp(log_ci.high)};
  out.p_t = one_sample_t_p(logs);
  out.p_sign_flip = sign_flip_p(logs, seed);
  return out;
}

PairedRatio paired_ratio(const RoundSamples& base, const RoundSamples& next, double ci_level,
                         std::uint64_t seed, int resamples) {
  const LogMedians medians = paired_log_medians(base, next);
  return paired_ratio_of_logs(differences(medians), pearson(medians.base, medians.next), ci_level,
                              seed, resamples);
}

}  // namespace rb::stats
