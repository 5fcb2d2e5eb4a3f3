// `runner run`'s options, declared once: what they override in the plan, where the results
// and the history go, and the run's share of a fleet.
#include "cli/number_checks.h"
#include "cli/run_command.h"
#include "cli/shared_options.h"

namespace rb::cli {
namespace {

// The options that change the plan's cells or their measurement (plan_options lists them
// back for the command line and the plan's fingerprint).
void add_plan_options(CLI::App& cmd, RunArgs& args) {
  cmd.add_option("--set", args.set, "override an axis: --set pipes=100,1000 (repeatable)");
  cmd.add_option("--plugins", args.plugins, "run only these plugins")->delimiter(',');
  cmd.add_flag("--quick", args.quick, "3 repetitions, first two points of each axis");
  cmd.add_option("--repetitions", args.repetitions, "measured iterations per round (over [run])")
      ->check(whole_number_from(1));
  cmd.add_option("--warmup", args.warmup, "iterations dropped first in each round (over [run])")
      ->check(whole_number_from(0));
  cmd.add_option("--rounds", args.rounds, "processes per cell, interleaved (over [run])")
      ->check(whole_number_from(1));
  cmd.add_option("--duration", args.duration,
                 "every cell's duration, e.g. 2s (pingpong, rr; over the config)");
  cmd.add_option("--budget", args.budget,
                 "time for extra paired rounds where a comparison is undecided, e.g. 10m (over "
                 "[run] budget; 0: none)");
  cmd.add_option("--pairing", args.pairing,
                 "rounds, iterations or duet: how a point's cells are paired (over [run] "
                 "pairing)");
}

// --shard, --shard-by and --group: one run's share of the cells on many machines.
void add_fleet_options(CLI::App& cmd, RunArgs& args) {
  cmd.add_option("--shard", args.shard,
                 "run only shard I of N (1-based), e.g. 2/4; auto/N: I from "
                 "JOB_COMPLETION_INDEX (0-based) or SLURM_ARRAY_TASK_ID (1-based)");
  cmd.add_option("--shard-by", args.shard_by,
                 "point: all plugins of a point in one shard (default); cell: cells apart")
      ->check(CLI::IsMember({"point", "cell"}));
  cmd.add_option("--group", args.group,
                 "the logical run the shards share (default: date, git revision, config hash)");
}

}  // namespace

CLI::App* RunCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "Run a TOML test matrix");
  cmd->add_option("config", args_.config, "the test matrix (TOML)")->required();
  cmd->add_option("--out", args_.out,
                  "results directory, new or empty (default results/<stem>-<time>)");
  cmd->add_flag("--force", args_.force, "--out may hold an earlier run: replace its results");
  add_plan_options(*cmd, args_);
  cmd->add_flag("--dry-run", args_.dry_run,
                "list the cells and their planned time; run and write nothing");
  add_plugin_search_options(*cmd, args_.plugin_path, args_.allow_unsafe_plugins);
  add_store_option(*cmd, args_.store, StoreDefault::environment_then_config);
  cmd->add_flag("--no-store", args_.no_store, "do not store the run, whatever the defaults");
  add_fleet_options(*cmd, args_);
  add_colour_option(*cmd, args_.colour);
  return cmd;
}

}  // namespace rb::cli
