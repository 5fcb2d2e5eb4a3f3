// Two result sets side by side, cell by cell: a ratio of medians with its bootstrap CI, a
// Mann-Whitney p-value and a verdict per cell and metric, a geometric-mean row per plugin,
// and the exit code a nightly script acts on.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "compare/count_changes.h"
#include "compare/paired_cell.h"
#include "compare/ratio_estimate.h"
#include "compare/verdict.h"
#include "model/cell.h"
#include "model/metric_info.h"
#include "model/results.h"

namespace rb::compare {

// `runner compare` exit codes (documented in the README and
// docs/guide/comparing-and-the-nightly.md).
inline constexpr int kExitNoRegression = 0;
inline constexpr int kExitRegression = 1;  // a cell slower beyond the threshold, or broken
inline constexpr int kExitError = 2;
inline constexpr int kExitInconclusive = 3;  // no verdict where one was needed

struct CompareOptions {
  VerdictRules rules;
  std::vector<std::string> metrics;  // empty: the workload's headline metrics (or all)
};

struct CellComparison {
  std::string workload;
  std::string base_plugin;
  std::string new_plugin;  // the same as base_plugin unless plugins are compared
  std::vector<Param> params;
  std::string point;  // "pipes=100 active=10 ..."
  MetricInfo metric;
  std::size_t n_base = 0;
  std::size_t n_new = 0;
  double base_median = std::numeric_limits<double>::quiet_NaN();
  double new_median = std::numeric_limits<double>::quiet_NaN();
  RatioEstimate ratio;  // new / base, whatever the metric's direction
  double p_value = std::numeric_limits<double>::quiet_NaN();
  Verdict verdict = Verdict::inconclusive;
  std::string reason;
  std::vector<std::string> notes;  // sample-size warning, provenance changes
  bool provenance_changed = false;
  std::size_t rounds_base = 0;  // independent replicates behind each side
  std::size_t rounds_new = 0;
  // Why no verdict was given whatever the numbers: "rounds", "disturbed", "canary",
  // "resolution"; empty when the numbers were judged.
  std::string withheld = {};
  // Set when both sides ran in one run (plugins, variants or builds compared in it): the
  // rounds were judged as pairs, and this says what that bought.
  std::optional<PairingGain> pairing = {};
};

// A cell present on both sides that has no numbers on one of them.
struct UncomparedCell {
  std::string workload;
  std::string plugin;  // "a -> b" when plugins are compared
  std::string point;
  CellStatus base_status = CellStatus::ok;
  CellStatus new_status = CellStatus::ok;
  std::string reason;
  bool broken = false;  // ran in the base, failed, crashed or timed out in the new one
};

struct PluginSummary {
  std::string plugin;  // "a -> b" when plugins are compared
  std::string metric;
  double geomean_ratio = std::numeric_limits<double>::quiet_NaN();  // of new/base ratios
  std::size_t cells = 0;                                            // ratios in the mean
  std::size_t faster = 0;
  std::size_t slower = 0;
  std::size_t same = 0;
  std::size_t inconclusive = 0;
  std::size_t withheld = 0;  // of the inconclusive: judged not at all (CellComparison::withheld)
};

struct RunComparison {
  std::string base_label;
  std::string new_label;
  VerdictRules rules;
  std::vector<CellComparison> rows;
  std::vector<UncomparedCell> uncompared;
  std::vector<std::string> only_in_base;  // "plugin point" of cells missing from the other
  std::vector<std::string> only_in_new;
  std::vector<std::string> context_notes;  // host, kernel, governor ... that differ
  // How the run was designed to be judged ([run] budget's sequential levels): said as is.
  std::vector<std::string> design_notes = {};
  std::vector<PluginSummary> summaries;
  // Kernel counts per event that changed beyond both sides' rounds (compare/count_changes.h).
  std::vector<CountChange> count_changes;
  std::size_t matched = 0;  // cells found on both sides
};

// Cells match by workload, plugin and parameters.
RunComparison compare_runs(const RunResult& base, const RunResult& next,
                           const CompareOptions& options);

// Cells of one run match by workload and parameters; base_plugin's cells are the base.
RunComparison compare_plugins(const RunResult& run, const std::string& base_plugin,
                              const std::string& new_plugin, const CompareOptions& options);

// kExitRegression if any row is slower or any cell broke, else kExitInconclusive when there
// are rows and every one is inconclusive, else kExitNoRegression - also when no row needed
// a verdict (every matched cell skipped or without results on a side). A comparison with no
// matched cell at all is the caller's error (kExitError). A system call count that grew
// (count_changes) is a regression too.
int exit_code(const RunComparison& comparison);

// "note: no cell needed a verdict ..." when there are no rows; empty otherwise.
std::string no_verdict_note(const RunComparison& comparison);

// The metric a cell should be compared on, with its direction.
MetricInfo metric_info_for(const std::string& workload, const std::string& metric);

}  // namespace rb::compare
