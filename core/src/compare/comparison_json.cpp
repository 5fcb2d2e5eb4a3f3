#include "compare/comparison_json.h"

#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compare/comparison_output.h"
#include "report/csv.h"

namespace rb::compare {
namespace {

// JSON has no NaN or infinity: a number that is not finite is written as null.
model::Json finite_or_null(double value) {
  return std::isfinite(value) ? model::Json(value) : model::Json(nullptr);
}

std::string csv_number(double value) {
  return std::isfinite(value) ? fmt::format("{}", value) : std::string();
}

model::Json pairing_json(const std::optional<PairingGain>& gain) {
  if (!gain) return nullptr;
  return {{"unit", gain->unit},
          {"pairs", gain->pairs},
          {"iteration_pairs", gain->iteration_pairs},
          {"correlation", finite_or_null(gain->correlation)},
          {"paired_ci_width", finite_or_null(gain->paired_ci_width)},
          {"unpaired_ci_width", finite_or_null(gain->unpaired_ci_width)},
          {"unpaired_ratio", finite_or_null(gain->unpaired_ratio)},
          {"unpaired_ci_low", finite_or_null(gain->unpaired_ci_low)},
          {"unpaired_ci_high", finite_or_null(gain->unpaired_ci_high)},
          {"narrowing", finite_or_null(gain->narrowing())},
          {"p_paired_t", finite_or_null(gain->p_t)},
          {"p_sign_flip", finite_or_null(gain->p_sign_flip)},
          {"p_unpaired_mann_whitney", finite_or_null(gain->p_unpaired)}};
}

std::string test_description(const RunComparison& c) {
  return any_pairing(c) ? "paired t-test on the log ratios of round medians, round r against "
                          "round r (exact sign-flip p beside it)"
                        : "Mann-Whitney U on round medians";
}

std::string interval_description(const RunComparison& c) {
  return any_pairing(c) ? "Hodges-Lehmann ratio of paired rounds, bootstrap over pairs, "
                          "expanded percentile"
                        : "two-level bootstrap (rounds, then iterations), expanded percentile";
}

}  // namespace

model::Json to_json(const CellComparison& row) {
  return model::Json{
      {"workload", row.workload},
      {"base_plugin", row.base_plugin},
      {"new_plugin", row.new_plugin},
      {"params", model::params_to_json(row.params)},
      {"metric", row.metric.name},
      {"unit", row.metric.unit},
      {"lower_is_better", row.metric.lower_is_better},
      {"n_base", row.n_base},
      {"n_new", row.n_new},
      {"rounds_base", row.rounds_base},
      {"rounds_new", row.rounds_new},
      {"base_median", finite_or_null(row.base_median)},
      {"new_median", finite_or_null(row.new_median)},
      {"ratio", finite_or_null(row.ratio.ratio)},
      {"ci_level", row.ratio.ci_level},
      {"ci_low", finite_or_null(row.ratio.ci_low)},
      {"ci_high", finite_or_null(row.ratio.ci_high)},
      {"p_value", finite_or_null(row.p_value)},
      {"verdict", to_string(row.verdict)},
      {"reason", row.reason},
      {"withheld", row.withheld.empty() ? model::Json(nullptr) : model::Json(row.withheld)},
      {"provenance_changed", row.provenance_changed},
      {"pairing", pairing_json(row.pairing)},
      {"notes", row.notes}};
}

model::Json to_json(const RunComparison& c) {
  model::Json rows = model::Json::array();
  for (const auto& row : c.rows) rows.push_back(to_json(row));
  model::Json summaries = model::Json::array();
  for (const auto& s : c.summaries)
    summaries.push_back({{"plugin", s.plugin},
                         {"metric", s.metric},
                         {"geomean_ratio", finite_or_null(s.geomean_ratio)},
                         {"cells", s.cells},
                         {"faster", s.faster},
                         {"slower", s.slower},
                         {"same", s.same},
                         {"inconclusive", s.inconclusive},
                         {"withheld", s.withheld}});
  model::Json uncompared = model::Json::array();
  for (const auto& u : c.uncompared)
    uncompared.push_back({{"workload", u.workload},
                          {"plugin", u.plugin},
                          {"point", u.point},
                          {"base_status", to_string(u.base_status)},
                          {"new_status", to_string(u.new_status)},
                          {"reason", u.reason},
                          {"broken", u.broken}});
  return model::Json{{"schema_version", kComparisonSchemaVersion},
                     {"base", c.base_label},
                     {"new", c.new_label},
                     {"threshold", c.rules.threshold},
                     {"min_change", conviction_edge(c.rules, false)},
                     {"lockstep_min_change", conviction_edge(c.rules, true)},
                     {"alpha", c.rules.alpha},
                     {"min_samples", c.rules.min_samples},
                     {"min_rounds", c.rules.min_rounds},
                     {"allow_disturbed", c.rules.allow_disturbed},
                     {"test", test_description(c)},
                     {"interval", interval_description(c)},
                     {"ci_level", c.rules.ci_level},
                     {"context_notes", c.context_notes},
                     {"design_notes", c.design_notes},
                     {"cells", std::move(rows)},
                     {"summary", std::move(summaries)},
                     {"uncompared", std::move(uncompared)},
                     {"count_changes", count_changes_json(c.count_changes)},
                     {"only_in_base", c.only_in_base},
                     {"only_in_new", c.only_in_new},
                     {"verdict", verdict_line(c)},
                     {"exit_code", exit_code(c)}};
}

std::string comparison_json(const RunComparison& comparison) {
  return model::dump_json(to_json(comparison), 2) + '\n';
}

std::string comparison_csv(const RunComparison& c) {
  std::string out =
      report::csv_row({"kind", "plugin", "workload", "point", "metric", "unit", "lower_is_better",
                       "n_base", "n_new", "base_median", "new_median", "ratio", "ci_low", "ci_high",
                       "p_value", "verdict", "reason", "notes"});
  for (const auto& row : c.rows) {
    const std::string plugin = row.base_plugin == row.new_plugin
                                   ? row.new_plugin
                                   : row.base_plugin + " -> " + row.new_plugin;
    out += report::csv_row(
        {"cell", plugin, row.workload, row.point, row.metric.name, row.metric.unit,
         row.metric.lower_is_better ? "true" : "false", std::to_string(row.n_base),
         std::to_string(row.n_new), csv_number(row.base_median), csv_number(row.new_median),
         csv_number(row.ratio.ratio), csv_number(row.ratio.ci_low), csv_number(row.ratio.ci_high),
         csv_number(row.p_value), to_string(row.verdict), row.reason,
         fmt::format("{}", fmt::join(row.notes, "; "))});
  }
  for (const auto& s : c.summaries)
    out += report::csv_row({"geomean", s.plugin, "", "", s.metric, "", "", "", "", "", "",
                            csv_number(s.geomean_ratio), "", "", "", "",
                            fmt::format("{} cells: {} faster, {} slower, {} same, {} inconclusive",
                                        s.cells, s.faster, s.slower, s.same, s.inconclusive),
                            ""});
  return out;
}

}  // namespace rb::compare
