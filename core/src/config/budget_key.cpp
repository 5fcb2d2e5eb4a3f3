#include "config/budget_key.h"

#include <fmt/format.h>

#include "config/run_comparisons.h"
#include "config/source_pos.h"
#include "model/duration.h"
#include "stats/sequential_design.h"

namespace rb::config {
namespace {

constexpr const char* kExpected =
    "expected a duration such as \"10m\" or \"90s\", or an integer number of seconds (0: none)";

std::string seconds_phrase(std::chrono::milliseconds budget) {
  return fmt::format("{:g} s", std::chrono::duration<double>(budget).count());
}

}  // namespace

void read_budget_key(const TomlReader& reader, const toml::table& run, RunSettings& settings) {
  const toml::node* node = run.get("budget");
  if (node == nullptr) return;
  if (node->is_integer()) {
    const std::int64_t max_seconds = max_duration.count() / 1000;
    settings.budget = std::chrono::seconds(reader.as_integer_in(*node, "budget", 0, max_seconds));
    return;
  }
  if (!node->is_string())
    reader.fail(*node, std::string("budget: ") + kExpected + ", got " + type_phrase(node->type()) +
                           " (" + render_toml(*node) + ")");
  const std::string& text = reader.as_string(*node, "budget");
  std::string why;
  const auto budget = parse_duration(text, why);
  if (!budget) reader.fail(*node, "budget " + in_quotes(text) + ": " + why);
  settings.budget = *budget;
}

std::chrono::milliseconds parse_budget_option(std::string_view text) {
  if (text == "0") return std::chrono::milliseconds{0};
  std::string why;
  const auto budget = parse_duration(text, why);
  if (!budget)
    throw ConfigError(SourcePos{"--budget", 0, 0},
                      fmt::format("'{}': {} ({})", printable(text), why, kExpected));
  return *budget;
}

std::string budget_note(const TestPlan& plan) {
  if (plan.run.budget.count() == 0)
    return "budget: none (the planned rounds decide; [run] budget = \"10m\" or --budget 10m "
           "adds paired rounds to the comparisons still undecided)";
  const std::vector<RunComparisonPair> pairs = run_comparisons(plan);
  if (pairs.empty())
    return fmt::format("budget: {} unused (one column: the run makes no comparison)",
                       seconds_phrase(plan.run.budget));
  std::string compared;
  for (const auto& pair : pairs)
    compared += fmt::format("{}{} vs {}", compared.empty() ? "" : ", ", pair.base, pair.next);
  const double nominal = stats::pocock_nominal_alpha(0.05, stats::kMaxLooks);
  return fmt::format(
      "budget: up to {} after the planned rounds, for {}: a comparison still undecided gets "
      "{} more paired round(s) at a time, at most {} looks in all, most uncertain first; each "
      "look judged at alpha {:.4g} (Pocock's level for {} looks at 0.05)",
      seconds_phrase(plan.run.budget), compared, plan.run.rounds, stats::kMaxLooks, nominal,
      stats::kMaxLooks);
}

}  // namespace rb::config
