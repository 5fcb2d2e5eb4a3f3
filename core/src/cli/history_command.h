// `runner history`: the stored runs, newest first, or with --cell a table of a cell's median
// over time (one table per matching cell and metric, oldest run first), or with --changes
// the change points of each cell's series, or with --check-newest the newest run judged
// against its history (cli/history_changes_command.h). It only reads the database, never
// migrating it, unless asked to with --migrate.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"
#include "cli/reporters.h"

namespace rb::cli {

struct HistoryArgs {
  std::optional<std::filesystem::path> store;
  std::string cell;  // filter such as "muduo pipes=1000"; empty: list the runs
  std::vector<std::string> metrics;
  std::size_t last = 20;
  std::string config;
  std::string host;
  std::string format{kTableFormat};  // table, md or json
  bool migrate = false;              // bring an older database to this runner's schema, and stop
  // --changes: change points in each cell's series of run medians (E-Divisive means).
  bool changes = false;
  // --check-newest: the newest finished run against its history's level; compare's exit
  // codes (0 no regression, 1 regression, 3 nothing to judge yet or inconclusive, 2 error).
  bool check_newest = false;
  std::string threshold = "5%";  // --check-newest: a change inside it is never a regression
  std::size_t min_runs = 5;      // --check-newest: finished runs needed, the newest included
  double alpha = 0.01;           // the change points' permutation test
  bool allow_disturbed = false;  // --changes/--check-newest: keep disturbed runs in the series
  std::string colour = "auto";   // --color: --check-newest's verdicts (colour_option.h)
};

int history_command(const HistoryArgs& args);

struct HistoryCommand final : CommandOn<HistoryArgs, history_command, "history"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
