// `runner run CONFIG`: load the plan, resolve its plugins, run every cell, write results.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"

namespace rb::cli {

struct RunArgs {
  std::filesystem::path config;
  std::optional<std::filesystem::path> out;  // default results/<stem>-<timestamp>
  bool force = false;                        // --out may hold an earlier run's results
  std::vector<std::string> set;
  std::vector<std::string> plugins;  // --plugins a,b
  bool quick = false;
  std::optional<int> repetitions;  // over [run] and --quick
  std::optional<int> warmup;
  std::optional<int> rounds;
  std::optional<std::string> duration;  // every cell's duration axis (pingpong, rr)
  std::optional<std::string> budget;    // --budget 10m: over [run] budget
  std::optional<std::string> pairing;   // --pairing duet: over [run] pairing
  bool dry_run = false;                 // list the cells and the time they take; run nothing
  std::vector<std::filesystem::path> plugin_path;
  bool allow_unsafe_plugins = false;           // load plugin files others could have replaced too
  std::optional<std::filesystem::path> store;  // history database (run_store.h for defaults)
  bool no_store = false;
  std::optional<std::string> shard;  // --shard I/N or auto/N (cli/run_group.h)
  std::string shard_by = "point";    // --shard-by point | cell
  std::optional<std::string> group;  // --group ID; default: cli/run_group.h default_group
  std::string colour = "auto";       // --color: the table printed at the end (colour_option.h)
};

int run_command(const RunArgs& args);

class RunCommand final : public CommandOn<RunArgs, run_command, "run"> {
 public:
  CLI::App* add_to(CLI::App& app) override;
  // The config as named, or found under configs/ (cli/config_lookup.h), then run.
  int run() override;
};

}  // namespace rb::cli
