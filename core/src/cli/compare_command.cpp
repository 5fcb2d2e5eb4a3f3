#include "cli/compare_command.h"

#include <algorithm>
#include <iostream>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "cli/colour_option.h"
#include "cli/reporters.h"
#include "cli/run_ref_options.h"
#include "cli/run_source.h"
#include "cli/shared_options.h"
#include "compare/comparison_output.h"
#include "compare/plugin_label.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

using compare::kExitError;

int error(const std::string& message) {
  std::cerr << "error: " << rb::text::printable_lines(message) << '\n';
  return kExitError;
}

int print(const compare::RunComparison& comparison, const ReporterEntry& format, bool colour) {
  if (const auto refusal = refusal_of(comparison)) return error(*refusal);
  std::cout << format.reporter->render({.part = &comparison, .colour = colour}).text << std::flush;
  // On stderr, so json and csv output stays parseable.
  if (const auto note = compare::no_verdict_note(comparison); !note.empty())
    std::cerr << note << '\n';
  return compare::exit_code(comparison);
}

}  // namespace

std::optional<std::string> refusal_of(const compare::RunComparison& comparison) {
  if (comparison.matched > 0) return std::nullopt;
  return fmt::format("{} and {} have no cell in common (same workload, plugin and parameters)",
                     comparison.base_label, comparison.new_label);
}

CLI::App* CompareCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare",
      "Compare two runs (results dirs, stored run ids, last, last~N; BASE may be 'previous'), "
      "or two plugins of one run with --plugins A,B");
  cmd->add_option("runs", args_.runs, "BASE NEW, or RUN with --plugins")->required();
  // One token ("A,B"), so the run after it is not taken for a third plugin.
  cmd->add_option("--plugins", args_.plugins, "compare plugin B against plugin A in one run")
      ->delimiter(',')
      ->allow_extra_args(false);
  add_run_ref_options(*cmd, args_.store, args_.config, args_.host);
  add_format_option(*cmd, args_.format, reporter_names(OutputKind::comparison));
  cmd->add_flag("--no-baseline-ok", args_.no_baseline_ok,
                "exit 0 when BASE is 'previous' and there is no earlier run");
  add_compare_flags(*cmd, args_.flags);
  add_colour_option(*cmd, args_.colour);
  return cmd;
}

int compare_command(const CompareArgs& args) {
  const ReporterEntry* format = find_reporter(OutputKind::comparison, args.format);
  if (format == nullptr)
    return error("--format '" + args.format + "': expected " +
                 reporter_choices(OutputKind::comparison));
  compare::CompareOptions options;
  try {
    options = to_compare_options(args.flags);
  } catch (const std::exception& e) {
    return error(e.what());
  }
  const RunSourceOptions sources{store_path_or_env(args.store), args.config, args.host};
  const bool colour = colour_for(args.colour, STDOUT_FILENO);

  try {
    if (!args.plugins.empty()) {
      if (args.plugins.size() != 2 || args.runs.size() != 1)
        return error("--plugins takes two plugins (A,B) and one run");
      const LoadedRun run = load_run_ref(args.runs[0], sources);
      std::vector<std::string> labels;
      for (const auto& plugin : args.plugins) {
        const auto label = compare::find_plugin_label(run.run, plugin);
        if (!label) return error(fmt::format("{} has no cells of plugin '{}'", run.label, plugin));
        labels.push_back(*label);
      }
      auto comparison = compare::compare_plugins(run.run, labels[0], labels[1], options);
      comparison.base_label = args.plugins[0] + " in " + run.label;
      comparison.new_label = args.plugins[1] + " in " + run.label;
      return print(comparison, *format, colour);
    }

    if (args.runs.size() != 2) return error("compare takes BASE and NEW (or --plugins A,B RUN)");
    if (is_previous_ref(args.runs[1])) return error("'previous' can only be the BASE");
    const LoadedRun next = load_run_ref(args.runs[1], sources);
    std::optional<LoadedRun> base;
    if (is_previous_ref(args.runs[0])) {
      base = load_previous_run(next, sources);
      if (!base) {
        const std::string message =
            fmt::format("no earlier finished run of config '{}' on host '{}' to compare {} with",
                        next.config_name, next.run.context.host, next.label);
        if (!args.no_baseline_ok) return error(message);
        std::cout << rb::text::printable_lines(message) << ": nothing to compare\n";
        return compare::kExitNoRegression;
      }
    } else {
      base = load_run_ref(args.runs[0], sources);
    }
    auto comparison = compare::compare_runs(base->run, next.run, options);
    comparison.base_label = base->label;
    comparison.new_label = next.label;
    return print(comparison, *format, colour);
  } catch (const std::exception& e) {
    return error(e.what());
  }
}

}  // namespace rb::cli
