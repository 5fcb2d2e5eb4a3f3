// `runner history`: the stored runs, newest first, or with --cell a table of a cell's median
// over time (one table per matching cell and metric, oldest run first). It only reads the
// database, never migrating it, unless asked to with --migrate.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace rb::cli {

struct HistoryArgs {
  std::optional<std::filesystem::path> store;
  std::string cell;  // filter such as "muduo pipes=1000"; empty: list the runs
  std::vector<std::string> metrics;
  std::size_t last = 20;
  std::string config;
  std::string host;
  std::string format = "table";  // table, md or json
  bool migrate = false;          // bring an older database to this runner's schema, and stop
};

CLI::App* add_history_command(CLI::App& app, HistoryArgs& args);

int history_command(const HistoryArgs& args);

}  // namespace rb::cli
