// The verdict options `runner compare` and `runner report` share: --threshold, --alpha,
// --min-change, --min-samples, --min-rounds, --allow-disturbed and --metric.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "compare/run_comparison.h"

namespace rb::cli {

struct CompareFlags {
  std::string threshold = "5%";
  std::string min_change;  // empty: the default edge (compare::conviction_edge)
  double alpha = 0.05;
  std::size_t min_samples = 5;
  std::size_t min_rounds = 3;
  bool allow_disturbed = false;
  std::vector<std::string> metrics;
};

void add_compare_flags(CLI::App& command, CompareFlags& flags);

// Throws std::invalid_argument for a threshold that is neither "N%" nor a fraction below 1.
compare::CompareOptions to_compare_options(const CompareFlags& flags);

// "5%" -> 0.05, "0.05" -> 0.05, "2.5%" -> 0.025. `flag` names the option in the error.
double parse_threshold(const std::string& text, const std::string& flag = "--threshold");

}  // namespace rb::cli
