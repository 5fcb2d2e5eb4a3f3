// Reasons to give no verdict however the numbers look: too few independent rounds, a cell
// whose CPUs were shared with other work, two sides measured on a machine running at
// different speeds (the canaries), or a quantity too close to the clock's resolution. Each
// gate names what it saw, so the reader knows what to fix (more rounds, a quieter machine).
#pragma once

#include <optional>
#include <string>

#include "compare/verdict.h"
#include "model/metric_info.h"
#include "model/results.h"

namespace rb::compare {

struct Withholding {
  std::string kind;    // "rounds", "disturbed", "canary", "resolution"
  std::string reason;  // one phrase, for the table and the JSON
};

std::optional<Withholding> rounds_gate(std::size_t base_rounds, std::size_t new_rounds,
                                       const VerdictRules& rules);

std::optional<Withholding> disturbance_gate(const CellResult& base, const CellResult& next,
                                            const VerdictRules& rules);

// The median over each side's rounds of the CPU and the syscall canary; withheld when either
// moved by more than rules.canary_threshold. Cells without canaries pass.
std::optional<Withholding> canary_gate(const CellResult& base, const CellResult& next,
                                       const VerdictRules& rules);

// Time metrics only (units ns, us, ms, s); the clock's cost is the larger side's, or an
// assumed 100 ns when neither run measured it.
std::optional<Withholding> resolution_gate(const MetricInfo& metric, double base_median,
                                           double new_median, const RunContext& base,
                                           const RunContext& next, const VerdictRules& rules);

// Cells judged as lockstep iteration pairs only: a time metric below rules.lockstep_floor_us
// is withheld ("resolution"). Two copies of a plugin in one process sway each other's
// shortest regions by a few hundred nanoseconds (the cache, the branch predictor, which copy
// ran just before): raw-epoll's ~1 us setup_us read -20% to +16% between two copies of the
// same code, night after night, and once convicted one (docs/results.md, "Verdict quality").
std::optional<Withholding> lockstep_floor_gate(const MetricInfo& metric, double base_median,
                                               double new_median, const VerdictRules& rules);

// The median canary of a set of cells (0 when none measured one): the machine's speed over a
// whole run, for the run-level note.
double median_canary_cpu_ns(const std::vector<const CellResult*>& cells);

}  // namespace rb::compare
