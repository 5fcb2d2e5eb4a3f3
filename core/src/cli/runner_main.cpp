// The runner's command line. `runner CONFIG.toml` is short for `runner run CONFIG.toml`.
// Two hidden sub-commands are the runner talking to itself in a child process:
// `__cell --job-fd FD` (`--job-stdin` through a launcher: exec/launched_cell.h) runs one
// cell (or, with the job's `check` set, one conformance check of `runner validate`),
// `__probe PATH FD` describes one plugin. A third, `__plugins-of CONFIG...`, tells
// scripts/runner which plugins a config needs built.
#include "cli/runner_main.h"

#include <unistd.h>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/colour_option.h"
#include "cli/command_examples.h"
#include "cli/compare_command.h"
#include "cli/config_lookup.h"
#include "cli/exit_codes.h"
#include "cli/export_command.h"
#include "cli/history_command.h"
#include "cli/html_report_command.h"
#include "cli/merge_command.h"
#include "cli/new_plugin_command.h"
#include "cli/number_checks.h"
#include "cli/plugins_command.h"
#include "cli/plugins_of.h"
#include "cli/run_command.h"
#include "cli/serve_command.h"
#include "cli/store_command.h"
#include "cli/summarize_command.h"
#include "cli/tag_command.h"
#include "cli/validate_command.h"
#include "exec/cell_worker.h"
#include "exec/launched_cell.h"
#include "model/build_info.h"
#include "plugin/probe.h"
#include "text/printable.h"
#include "validate/check_worker.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

// Ends a child without running the plugin's static destructors: a plugin that crashes at
// exit must not turn a finished, reported cell into a crash.
[[noreturn]] void child_exit(int code) {
  std::fflush(nullptr);
  ::_exit(code);
}

int cell_main(int argc, char** argv) {
  const bool from_stdin = argc == 3 && std::strcmp(argv[2], rb::exec::kJobStdinOption) == 0;
  if (!from_stdin && (argc != 4 || std::strcmp(argv[2], rb::exec::kJobFdOption) != 0)) {
    std::cerr << "usage: runner __cell " << rb::exec::kJobFdOption << " FD | "
              << rb::exec::kJobStdinOption << "\n";
    return rb::exec::kWorkerBadJob;
  }
  rb::exec::CellJob job;
  try {
    if (from_stdin) {
      job = rb::exec::take_job_from_stdin();
    } else {
      const int job_fd = std::atoi(argv[3]);
      job = rb::exec::read_job_file(job_fd);
      ::close(job_fd);
    }
  } catch (const std::exception& e) {
    std::cerr << "runner __cell: bad job: " << rb::text::printable_lines(e.what()) << '\n';
    return rb::exec::kWorkerBadJob;
  }
  if (from_stdin) rb::exec::stop_when_stdin_closes(job.stop_grace_ms);
  // A conformance check (`runner validate`) travels as a cell job with `check` set.
  if (!job.check.empty()) return rb::validate::run_check_job(job);
  return rb::exec::run_cell_worker(job);
}

int probe_main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: runner __probe PLUGIN_PATH FD\n";
    return 2;
  }
  return rb::plugin::run_probe(argv[2], std::atoi(argv[3]), rb::workload::workload_tables());
}

bool looks_like_config(const char* arg) {
  const std::size_t n = std::strlen(arg);
  return arg[0] != '-' && n > 5 && std::strcmp(arg + n - 5, ".toml") == 0;
}

}  // namespace

int runner_main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "__cell") == 0) child_exit(cell_main(argc, argv));
  if (argc >= 2 && std::strcmp(argv[1], "__probe") == 0) child_exit(probe_main(argc, argv));
  if (argc >= 2 && std::strcmp(argv[1], "__plugins-of") == 0) return plugins_of_main(argc, argv);

  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && looks_like_config(args[0].c_str())) args.insert(args.begin(), "run");

  CLI::App app{"reactorbench: benchmark reactor / event-loop libraries through plugins", "runner"};
  app.require_subcommand(1);
  // The revision too: what results record as git_revision (model/build_info.h).
  const std::string revision = rb::model::git_revision();
  app.set_version_flag("--version", std::string(rb::model::runner_version()) +
                                        (revision.empty() ? "" : " (git " + revision + ")"));

  RunArgs run;
  auto* run_cmd = app.add_subcommand("run", "Run a TOML test matrix");
  run_cmd->add_option("config", run.config, "the test matrix (TOML)")->required();
  run_cmd->add_option("--out", run.out,
                      "results directory, new or empty (default results/<stem>-<time>)");
  run_cmd->add_flag("--force", run.force, "--out may hold an earlier run: replace its results");
  run_cmd->add_option("--set", run.set, "override an axis: --set pipes=100,1000 (repeatable)");
  run_cmd->add_option("--plugins", run.plugins, "run only these plugins")->delimiter(',');
  run_cmd->add_flag("--quick", run.quick, "3 repetitions, first two points of each axis");
  run_cmd
      ->add_option("--repetitions", run.repetitions, "measured iterations per round (over [run])")
      ->check(whole_number_from(1));
  run_cmd->add_option("--warmup", run.warmup, "iterations dropped first in each round (over [run])")
      ->check(whole_number_from(0));
  run_cmd->add_option("--rounds", run.rounds, "processes per cell, interleaved (over [run])")
      ->check(whole_number_from(1));
  run_cmd->add_option("--duration", run.duration,
                      "every cell's duration, e.g. 2s (pingpong, rr; over the config)");
  run_cmd->add_option("--budget", run.budget,
                      "time for extra paired rounds where a comparison is undecided, e.g. 10m "
                      "(over [run] budget; 0: none)");
  run_cmd->add_option("--pairing", run.pairing,
                      "rounds, iterations or duet: how a point's cells are paired (over [run] "
                      "pairing)");
  run_cmd->add_flag("--dry-run", run.dry_run,
                    "list the cells and their planned time; run and write nothing");
  run_cmd->add_option("--plugin-path", run.plugin_path, "also look for plugins here (repeatable)");
  run_cmd->add_option("--store", run.store,
                      "append the run to this history store, a file or "
                      "postgresql://user@host/db (default: REACTORBENCH_DB, then the config's "
                      "[store] path)");
  run_cmd->add_flag("--no-store", run.no_store, "do not store the run, whatever the defaults");
  run_cmd->add_flag("--allow-unsafe-plugins", run.allow_unsafe_plugins,
                    "load plugin files others could have replaced too");
  run_cmd->add_option("--shard", run.shard,
                      "run only shard I of N (1-based), e.g. 2/4; auto/N: I from "
                      "JOB_COMPLETION_INDEX (0-based) or SLURM_ARRAY_TASK_ID (1-based)");
  run_cmd
      ->add_option("--shard-by", run.shard_by,
                   "point: all plugins of a point in one shard (default); cell: cells apart")
      ->check(CLI::IsMember({"point", "cell"}));
  run_cmd->add_option("--group", run.group,
                      "the logical run the shards share (default: date, git revision, config "
                      "hash)");
  add_colour_option(*run_cmd, run.colour);

  std::vector<std::filesystem::path> list_path;
  bool list_json = false;
  auto* plugins_cmd = app.add_subcommand("plugins", "List the plugins found and why others failed");
  plugins_cmd->add_option("--plugin-path", list_path, "also look for plugins here (repeatable)");
  plugins_cmd->add_flag("--json", list_json, "machine-readable output");
  bool list_unsafe = false;
  plugins_cmd->add_flag("--allow-unsafe-plugins", list_unsafe,
                        "load plugin files others could have replaced too");
  std::string list_options;
  plugins_cmd->add_option("--options", list_options,
                          "list the options this plugin (a name or a .so) declares");

  ValidateArgs validate;
  auto* validate_cmd =
      app.add_subcommand("validate", "Check plugins against the ABI: one PASS/FAIL line per check");
  validate_cmd->add_option("plugins", validate.plugins, "plugin names or paths to .so files")
      ->required();
  validate_cmd->add_option("--plugin-path", validate.plugin_path,
                           "also look for plugins here (repeatable)");
  validate_cmd->add_option("--option", validate.options,
                           "KEY=VALUE passed to every plugin's prepare (repeatable)");
  validate_cmd
      ->add_option("--phase-timeout", validate.phase_timeout_s,
                   "seconds each plugin call may take (default 5)")
      ->check(positive_number());
  validate_cmd->add_flag("--allow-unsafe-plugins", validate.allow_unsafe_plugins,
                         "load plugin files others could have replaced too");

  NewPluginArgs new_plugin;
  auto* new_plugin_cmd = app.add_subcommand(
      "new-plugin", "Write an out-of-tree C plugin and a config per workload, ready to build");
  new_plugin_cmd->add_option("name", new_plugin.name, "the plugin's name, [a-z0-9-]+")->required();
  new_plugin_cmd
      ->add_option("--workloads", new_plugin.workloads,
                   "flower, notify, pingpong_server, pingpong_client, rr_server (comma-separated; "
                   "pingpong: both roles, rr: rr_server)")
      ->delimiter(',')
      ->required();
  new_plugin_cmd->add_option("--out", new_plugin.out, "a new or empty directory")->required();

  ServeArgs serve;
  auto* serve_cmd = app.add_subcommand(
      "serve",
      "Run one plugin's server (rr, pingpong) in the foreground until Ctrl-C, for real clients");
  serve_cmd->add_option("--plugin", serve.plugin, "plugin name or path to a .so")->required();
  serve_cmd->add_option("--workload", serve.workload, "the workload to serve")
      ->required()
      ->check(CLI::IsMember(rb::cli::servable_workloads()));
  serve_cmd->add_option("--listen", serve.listen, "IPV4:PORT to bind (default 127.0.0.1:8080)");
  serve_cmd->add_option("--set", serve.set,
                        "AXIS=VALUE for an axis the server reads, e.g. block_size=4096 "
                        "(repeatable)");
  serve_cmd
      ->add_option_function<std::int64_t>(
          "--threads",
          [&serve](std::int64_t n) { serve.set.push_back(fmt::format("threads={}", n)); },
          "event-loop threads (default 1): --set threads=N")
      ->check(whole_number());
  serve_cmd
      ->add_option_function<std::int64_t>(
          "--body-size",
          [&serve](std::int64_t n) { serve.set.push_back(fmt::format("body_size={}", n)); },
          "rr: bytes of body per response (default 2): --set body_size=N")
      ->check(whole_number());
  serve_cmd->add_option("--cpus", serve.cpus,
                        "pin the server to these CPUs, as a run pins a cell's server: 2, 2,3 "
                        "or 0-1 (default: not pinned; a client on the same CPUs slows it)");
  serve_cmd->add_option("--option", serve.options, "KEY=VALUE for the plugin (repeatable)");
  serve_cmd->add_option("--plugin-path", serve.plugin_path,
                        "also look for plugins here (repeatable)");
  serve_cmd->add_flag("--allow-unsafe-plugins", serve.allow_unsafe_plugins,
                      "load plugin files others could have replaced too");

  HistoryArgs history;
  auto* history_cmd = add_history_command(app, history);
  CompareArgs compare;
  auto* compare_cmd = add_compare_command(app, compare);
  ExportArgs export_args;
  auto* export_cmd = add_export_command(app, export_args);
  HtmlReportArgs html_report;
  auto* html_report_cmd = add_html_report_command(app, html_report);
  TagArgs tag;
  auto* tag_cmd = add_tag_command(app, tag);
  MergeArgs merge;
  auto* merge_cmd = add_merge_command(app, merge);
  StoreCopyArgs store_copy;
  auto* store_copy_cmd = add_store_command(app, store_copy);
  std::filesystem::path summarize_dir;
  auto* summarize_cmd = add_summarize_command(app, summarize_dir);
  add_command_examples(app);

  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }

  try {
    if (*run_cmd) {
      run.config = find_config(run.config);
      return run_command(run);
    }
    if (*history_cmd) return history_command(history);
    if (*compare_cmd) return compare_command(compare);
    if (*export_cmd) return export_command(export_args);
    if (*html_report_cmd) return html_report_command(html_report);
    if (*summarize_cmd) return summarize_command(summarize_dir);
    if (*tag_cmd) return tag_command(tag);
    if (*merge_cmd) return merge_command(merge);
    if (*store_copy_cmd) return store_copy_command(store_copy);
    if (*plugins_cmd && !list_options.empty())
      return plugin_options_command(list_path, list_options, list_json, list_unsafe);
    if (*plugins_cmd) return plugins_command(list_path, list_json, list_unsafe);
    if (*validate_cmd) return validate_command(validate);
    if (*serve_cmd) return serve_command(serve);
    if (*new_plugin_cmd) return new_plugin_command(new_plugin);
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
  return kExitUsage;
}

}  // namespace rb::cli
