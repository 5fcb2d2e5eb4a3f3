#include "stats/variance_components.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "stats/summary.h"

namespace rb::stats {
namespace {

double sample_variance(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const double m = mean_of(v);
  double squares = 0;
  for (double x : v) squares += (x - m) * (x - m);
  return squares / static_cast<double>(v.size() - 1);
}

// Plans beyond this many rounds or iterations say "more than anyone will run"; the cap
// keeps a variance of ~0 from producing an int overflow.
constexpr double kPlanCap = 1'000'000;

int capped_ceil(double x) {
  return static_cast<int>(std::ceil(std::min(x, kPlanCap)));
}

}  // namespace

VarianceComponents variance_components(const RoundSamples& rounds) {
  VarianceComponents out;
  std::vector<double> means;
  double within_sum = 0;
  std::size_t within_rounds = 0;
  std::size_t samples = 0;
  for (const auto& round : rounds) {
    if (round.empty()) continue;
    means.push_back(mean_of(round));
    samples += round.size();
    if (round.size() > 1) {
      within_sum += sample_variance(round);
      ++within_rounds;
    }
  }
  out.rounds = means.size();
  if (out.rounds == 0) return out;
  out.iterations = static_cast<double>(samples) / static_cast<double>(out.rounds);
  out.within_var = within_rounds == 0 ? 0 : within_sum / static_cast<double>(within_rounds);
  out.round_means_var = sample_variance(means);
  if (out.rounds > 1)
    out.between_var = std::max(0.0, out.round_means_var - out.within_var / out.iterations);
  const double total = out.between_var + out.within_var;
  out.between_share = total > 0 ? out.between_var / total : 0;
  return out;
}

PrecisionPlan plan_precision(const VarianceComponents& c, double mean,
                             const std::optional<RoundCosts>& costs, double target) {
  PrecisionPlan plan;
  plan.target = target;
  // Without two rounds the between-round part is unknown, and so is any plan.
  if (c.rounds < 2 || mean == 0 || target <= 0) return plan;
  double n = std::max(1.0, c.iterations);
  if (costs && costs->per_iteration > 0 && costs->per_round > 0 && c.between_var > 0) {
    const double optimal =
        std::sqrt(costs->per_round * c.within_var / (costs->per_iteration * c.between_var));
    plan.iterations = std::max(1, capped_ceil(optimal));
    n = *plan.iterations;
  }
  constexpr double z = 1.959963984540054;
  const double variance_per_round = c.between_var + c.within_var / n;
  const double half_width = target * std::abs(mean);
  plan.rounds = std::max(2, capped_ceil(z * z * variance_per_round / (half_width * half_width)));
  return plan;
}

}  // namespace rb::stats
