#include "cli/compare_options.h"

#include <cmath>
#include <stdexcept>

#include "cli/number_checks.h"
#include "cli/shared_options.h"

namespace rb::cli {

void add_compare_flags(CLI::App& command, CompareFlags& flags) {
  add_threshold_option(command, flags.threshold);
  command.add_option("--min-change", flags.min_change,
                     "the smallest change called slower or faster (default: the threshold "
                     "between two runs, half of it for pairs measured in one run)");
  command.add_option("--alpha", flags.alpha, "Mann-Whitney significance level (default 0.05)")
      ->check(number_between(0.0, 1.0));
  command
      .add_option("--min-samples", flags.min_samples,
                  "fewer samples on a side make a cell inconclusive (default 5)")
      ->check(whole_number_from(1));
  command
      .add_option("--min-rounds", flags.min_rounds,
                  "fewer rounds (independent processes) on a side give no verdict (default 3)")
      ->check(whole_number_from(1));
  command.add_flag("--allow-disturbed", flags.allow_disturbed,
                   "judge cells whose CPUs were shared with other work, and sides whose "
                   "canaries differ (default: withheld)");
  command
      .add_option("--metric", flags.metrics,
                  "compare this metric (repeatable; default: the workload's headline ones)")
      ->delimiter(',');
}

double parse_threshold(const std::string& text, const std::string& flag) {
  std::string number = text;
  const bool percent = !number.empty() && number.back() == '%';
  if (percent) number.pop_back();
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(number, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != number.size() || !std::isfinite(value) || value < 0)
    throw std::invalid_argument(flag + " '" + text +
                                "': expected a percentage (5%) or a "
                                "fraction (0.05)");
  if (percent) value /= 100;
  if (!percent && value >= 1)
    throw std::invalid_argument(flag + " '" + text +
                                "': a fraction must be below 1; did you "
                                "mean " +
                                text + "%?");
  if (value >= 1) throw std::invalid_argument(flag + " '" + text + "': must be below 100%");
  return value;
}

compare::CompareOptions to_compare_options(const CompareFlags& flags) {
  compare::CompareOptions options;
  options.rules.threshold = parse_threshold(flags.threshold);
  if (!flags.min_change.empty())
    options.rules.min_change = parse_threshold(flags.min_change, "--min-change");
  options.rules.alpha = flags.alpha;
  options.rules.min_samples = flags.min_samples;
  options.rules.min_rounds = flags.min_rounds;
  options.rules.allow_disturbed = flags.allow_disturbed;
  options.metrics = flags.metrics;
  return options;
}

}  // namespace rb::cli
