#include "compare/verdict_gates.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "stats/summary.h"

namespace rb::compare {
namespace {

// When neither run measured its clock: a vDSO clock_gettime costs 20-50 ns on the machines
// seen so far; 100 ns keeps the floor on the safe side.
constexpr double kAssumedClockCostNs = 100;

double canary_median(const CellResult& cell, double RoundInterference::*field) {
  std::vector<double> values;
  for (const auto& round : cell.interference)
    if (round.*field > 0) values.push_back(round.*field);
  return stats::median_of(values);
}

std::optional<double> unit_in_ns(const std::string& unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

std::string percent(double fraction) {
  return fmt::format("{:.0f}%", fraction * 100);
}

}  // namespace

std::optional<Withholding> rounds_gate(std::size_t base_rounds, std::size_t new_rounds,
                                       const VerdictRules& rules) {
  const std::size_t fewest = std::min(base_rounds, new_rounds);
  if (fewest >= rules.min_rounds) return std::nullopt;
  if (fewest <= 1)
    return Withholding{"rounds", fmt::format("one round on a side ({} and {}): a within-process "
                                             "interval only; a verdict needs {} rounds a side",
                                             base_rounds, new_rounds, rules.min_rounds)};
  return Withholding{"rounds", fmt::format("too few rounds ({} and {}; a verdict needs {})",
                                           base_rounds, new_rounds, rules.min_rounds)};
}

std::optional<Withholding> disturbance_gate(const CellResult& base, const CellResult& next,
                                            const VerdictRules& rules) {
  if (rules.allow_disturbed || (!base.disturbed && !next.disturbed)) return std::nullopt;
  const CellResult& side = base.disturbed ? base : next;
  const char* which =
      base.disturbed && next.disturbed ? "both sides" : (base.disturbed ? "BASE" : "NEW");
  return Withholding{"disturbed", fmt::format("withheld: {} disturbed ({})", which,
                                              side.disturbance.empty() ? "other work on its CPUs"
                                                                       : side.disturbance)};
}

std::optional<Withholding> canary_gate(const CellResult& base, const CellResult& next,
                                       const VerdictRules& rules) {
  if (rules.allow_disturbed) return std::nullopt;
  const std::pair<double RoundInterference::*, const char*> canaries[] = {
      {&RoundInterference::canary_cpu_ns, "CPU"},
      {&RoundInterference::canary_syscall_ns, "syscall"}};
  for (const auto& [field, name] : canaries) {
    const double b = canary_median(base, field);
    const double n = canary_median(next, field);
    if (b <= 0 || n <= 0) continue;
    const double ratio = n / b;
    if (std::abs(ratio - 1) <= rules.canary_threshold) continue;
    // The canary's time per unit: higher = the machine ran slower on that side.
    const bool base_slower = ratio < 1;
    const double slowdown = base_slower ? b / n - 1 : ratio - 1;
    return Withholding{"canary", fmt::format("withheld: the machine ran {} slower in {} ({} "
                                             "canary; threshold {})",
                                             percent(slowdown), base_slower ? "BASE" : "NEW", name,
                                             percent(rules.canary_threshold))};
  }
  return std::nullopt;
}

std::optional<Withholding> resolution_gate(const MetricInfo& metric, double base_median,
                                           double new_median, const RunContext& base,
                                           const RunContext& next, const VerdictRules& rules) {
  const std::optional<double> scale = unit_in_ns(metric.unit);
  if (!scale || rules.resolution_multiple <= 0) return std::nullopt;
  double clock_ns = std::max({base.clock_resolution_ns, base.clock_overhead_ns,
                              next.clock_resolution_ns, next.clock_overhead_ns});
  const bool measured = clock_ns > 0;
  if (!measured) clock_ns = kAssumedClockCostNs;
  const double floor_ns = rules.resolution_multiple * clock_ns;
  const double smaller_ns = std::min(std::abs(base_median), std::abs(new_median)) * *scale;
  if (!std::isfinite(smaller_ns) || smaller_ns >= floor_ns) return std::nullopt;
  return Withholding{"resolution",
                     fmt::format("withheld: median {:.3g} {} is within {:g}x the clock's {:.0f} ns "
                                 "({}): it measures the clock",
                                 smaller_ns / *scale, metric.unit, rules.resolution_multiple,
                                 clock_ns, measured ? "measured" : "assumed")};
}

std::optional<Withholding> lockstep_floor_gate(const MetricInfo& metric, double base_median,
                                               double new_median, const VerdictRules& rules) {
  const std::optional<double> scale = unit_in_ns(metric.unit);
  if (!scale || rules.lockstep_floor_us <= 0) return std::nullopt;
  const double smaller_ns = std::min(std::abs(base_median), std::abs(new_median)) * *scale;
  if (!std::isfinite(smaller_ns) || smaller_ns >= rules.lockstep_floor_us * 1000)
    return std::nullopt;
  return Withholding{"resolution",
                     fmt::format("withheld: median {:.3g} {} is below {:g} us, where two copies "
                                 "in one lockstep process sway each other's timings",
                                 smaller_ns / *scale, metric.unit, rules.lockstep_floor_us)};
}

double median_canary_cpu_ns(const std::vector<const CellResult*>& cells) {
  std::vector<double> values;
  for (const CellResult* cell : cells)
    for (const auto& round : cell->interference)
      if (round.canary_cpu_ns > 0) values.push_back(round.canary_cpu_ns);
  return stats::median_of(values);
}

}  // namespace rb::compare
