// [run] budget = "10m" (or --budget 10m): after the planned rounds, the comparisons made in
// the run that are still undecided get more paired rounds until they are decided or the
// budget is spent (exec/cell_runner.h, stats/sequential_design.h).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads the key if `run` holds it: a duration string ("90s", "10m") or an integer number of
// seconds; 0 turns the budget off. A ConfigError at the value otherwise.
void read_budget_key(const TomlReader& reader, const toml::table& run, RunSettings& settings);

// --budget's value; a ConfigError naming the option when it is not a duration.
std::chrono::milliseconds parse_budget_option(std::string_view text);

// What --dry-run says of the budget: the comparisons it serves, the batches, each look's level.
std::string budget_note(const TestPlan& plan);

}  // namespace rb::config
