#include "compare/verdict.h"

#include <cmath>

#include <fmt/format.h>

#include "text/enum_names.h"

namespace rb::compare {
namespace {

constexpr text::EnumName<Verdict> kVerdictNames[] = {{Verdict::faster, "faster"},
                                                     {Verdict::slower, "slower"},
                                                     {Verdict::same, "same"},
                                                     {Verdict::inconclusive, "inconclusive"}};

// Reasons stay free of signed percentages: `worse` may be a flipped ratio, and the table
// next to the reason already shows the change as new/base.
std::string width(const RatioEstimate& r) {
  return fmt::format("{:.1f}%", (r.ci_high - r.ci_low) * 100);
}

}  // namespace

const char* to_string(Verdict verdict) {
  return text::name_of(kVerdictNames, verdict, "inconclusive");
}

RatioEstimate inverted(const RatioEstimate& r) {
  RatioEstimate out = r;
  out.ratio = 1 / r.ratio;
  out.ci_low = 1 / r.ci_high;
  out.ci_high = 1 / r.ci_low;
  return out;
}

double conviction_edge(const VerdictRules& rules, bool lockstep) {
  if (rules.min_change) return *rules.min_change;
  return lockstep ? rules.threshold / 2 : rules.threshold;
}

Judgement judge(std::size_t n_base, std::size_t n_new, const RatioEstimate& worse, double p_value,
                const VerdictRules& rules, bool lockstep) {
  Judgement out;
  if (n_base < rules.min_samples || n_new < rules.min_samples) {
    out.reason = fmt::format("too few samples ({} and {}; a verdict needs {})", n_base, n_new,
                             rules.min_samples);
    return out;
  }
  if (n_base < rules.warn_samples || n_new < rules.warn_samples)
    out.warning =
        fmt::format("few samples ({} and {}, fewer than {})", n_base, n_new, rules.warn_samples);
  if (!std::isfinite(worse.ratio) || !std::isfinite(worse.ci_low) ||
      !std::isfinite(worse.ci_high)) {
    out.reason = "ratio undefined (a median of 0)";
    return out;
  }

  const double t = rules.threshold;
  const double c = conviction_edge(rules, lockstep);
  const bool significant = p_value < rules.alpha;
  const std::string band = fmt::format("±{:g}%", t * 100);
  const std::string edge = fmt::format("±{:g}%", c * 100);

  if (significant && worse.ci_low > 1 + c) {
    out.verdict = Verdict::slower;
    out.reason = fmt::format("CI beyond {}, p = {:.2g}", edge, p_value);
  } else if (significant && worse.ci_high < 1 - c) {
    out.verdict = Verdict::faster;
    out.reason = fmt::format("CI beyond {}, p = {:.2g}", edge, p_value);
  } else if (worse.ci_low >= 1 - t && worse.ci_high <= 1 + t) {
    // "same" needs the whole interval inside the band: a point ratio inside it says nothing
    // when the interval reaches beyond, however narrow the interval is.
    out.verdict = Verdict::same;
    out.reason = fmt::format("CI inside {}", band);
  } else if (worse.ci_high - worse.ci_low > 2 * t) {
    out.reason = fmt::format("CI {} wide: more than {} allows", width(worse), band);
  } else if (worse.ci_low > 1 + c || worse.ci_high < 1 - c) {
    out.reason = fmt::format("CI beyond {} but not significant (p = {:.2g})", edge, p_value);
  } else if (c > t && worse.ci_low >= 1 - c && worse.ci_high <= 1 + c) {
    out.reason = fmt::format("CI beyond {} but inside {}, the smallest change called", band, edge);
  } else if (c < t) {
    out.reason = fmt::format("CI straddles the edge of {} (changes called beyond {})", band, edge);
  } else {
    out.reason = fmt::format("CI straddles the edge of {}", band);
  }
  return out;
}

}  // namespace rb::compare
