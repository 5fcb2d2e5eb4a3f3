#include "cli/validate_command.h"
#include "cli/number_checks.h"
#include "cli/shared_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>
#include <optional>

#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/plugin_resolver.h"
#include "model/plugin_build.h"
#include "plugin/abi_version.h"
#include "plugin/search_dirs.h"
#include "proc/private_dir.h"
#include "reactorbench/plugin.h"
#include "text/printable.h"
#include "validate/plugin_validation.h"

namespace rb::cli {
namespace {

std::vector<validate::ScopedOption> parse_scoped_options(const std::vector<std::string>& raw) {
  std::vector<validate::ScopedOption> options;
  for (const auto& item : raw) options.push_back(validate::parse_scoped_option(item));
  return options;
}

// Details, descriptors and log lines quote the plugin: escaped, each stays one line.
using text::printable;

void print_line(std::string_view verdict, std::string_view name, std::string_view detail) {
  std::cout << fmt::format("{}  {:<23} {}\n", verdict, printable(name), printable(detail))
            << std::flush;
}

void print_descriptor(const plugin::PluginInfo& info) {
  std::cout << fmt::format(
      "{} {}: wraps {} {}, ABI {} (runner {}), workloads: {}\n", printable(info.name),
      printable(info.version), printable(info.library), printable(info.library_version),
      plugin::abi_version_string(info.abi_version), plugin::abi_version_string(RB_ABI_VERSION),
      printable(fmt::format("{}", fmt::join(info.workloads, ", "))));
  std::cout << fmt::format("  {}\n  {}\n  sha256 {}\n  build: {}\n", printable(info.description),
                           printable(info.path.string()), printable(info.sha256),
                           printable(describe(info.build)));
}

struct Tally {
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  int warned = 0;
};

std::string tally_line(const std::string& plugin, const Tally& tally) {
  std::string line =
      fmt::format("{}: {} passed, {} failed", printable(plugin), tally.passed, tally.failed);
  if (tally.skipped > 0) line += fmt::format(", {} skipped", tally.skipped);
  if (tally.warned > 0)
    line += fmt::format(", {} warning{}", tally.warned, tally.warned == 1 ? "" : "s");
  return line;
}

enum class PluginOutcome { passed, failed, interrupted };

void count_verdict(validate::Verdict verdict, Tally& tally) {
  switch (verdict) {
    case validate::Verdict::pass:
      ++tally.passed;
      break;
    case validate::Verdict::fail:
      ++tally.failed;
      break;
    case validate::Verdict::skip:
      ++tally.skipped;
      break;
  }
}

// One plugin: loaded in a child, described, then its workloads' checks, a line each.
PluginOutcome validate_one(const std::string& requested, const PluginResolver& resolver,
                           const validate::ValidationOptions& options) {
  plugin::PluginInfo info;
  try {
    info = resolver.resolve(requested);
  } catch (const std::exception& e) {
    std::cout << printable(requested) << '\n';
    print_line("FAIL", "load", e.what());
    return PluginOutcome::failed;
  }
  Tally tally;
  print_descriptor(info);
  print_line("PASS", "load",
             fmt::format("loaded in a child process; ABI {} is compatible with the runner's {}",
                         plugin::abi_version_string(info.abi_version),
                         plugin::abi_version_string(RB_ABI_VERSION)));
  ++tally.passed;
  // A warning, not a failure: the plugin works, but its numbers would be the compiler's.
  if (const auto warning = unoptimised_warning(info.name, info.build)) {
    print_line("WARN", "build", *warning);
    ++tally.warned;
  }
  const bool finished =
      validate::validate_plugin(info, options, [&](const validate::CheckOutcome& outcome) {
        print_line(validate::to_string(outcome.verdict), outcome.name, outcome.detail);
        for (const auto& line : outcome.log_tail)
          std::cout << "        output: " << printable(line) << '\n';
        count_verdict(outcome.verdict, tally);
      });
  if (!finished) {
    std::cout << "interrupted\n";
    return PluginOutcome::interrupted;
  }
  std::cout << tally_line(info.name, tally) << '\n';
  return tally.failed > 0 ? PluginOutcome::failed : PluginOutcome::passed;
}

// The checks' options from the command's; an error message when they are wrong.
std::optional<std::string> read_validation_options(const ValidateArgs& args,
                                                   validate::ValidationOptions& options) {
  try {
    options.plugin_options = parse_scoped_options(args.options);
  } catch (const std::exception& e) {
    return e.what();
  }
  if (!(args.phase_timeout_s > 0 && args.phase_timeout_s <= 3600))
    return "--phase-timeout must be a number of seconds in (0, 3600]";
  options.phase_limit = std::chrono::milliseconds(static_cast<long>(args.phase_timeout_s * 1000));
  return std::nullopt;
}

}  // namespace

int validate_command(const ValidateArgs& args) {
  const auto& interrupted = install_interrupt_flag();
  validate::ValidationOptions options;
  if (const auto error = read_validation_options(args, options)) {
    std::cerr << "error: " << rb::text::printable_lines(*error) << '\n';
    return kExitUsage;
  }
  const PluginResolver resolver(args.plugin_path, plugin::current_executable(),
                                args.allow_unsafe_plugins);
  // The check processes' logs; removed however validate ends.
  const proc::PrivateDir scratch("rb-validate");
  options.runner_exe = resolver.runner_exe();
  options.scratch_dir = scratch.path();
  options.interrupted = &interrupted;

  std::size_t plugins_failed = 0;
  for (std::size_t i = 0; i < args.plugins.size(); ++i) {
    if (i > 0) std::cout << '\n';
    const PluginOutcome outcome = validate_one(args.plugins[i], resolver, options);
    if (outcome == PluginOutcome::interrupted) return kExitInterrupted;
    plugins_failed += outcome == PluginOutcome::failed;
  }
  if (args.plugins.size() > 1)
    std::cout << fmt::format("\n{} of {} plugins passed every check\n",
                             args.plugins.size() - plugins_failed, args.plugins.size());
  return plugins_failed == 0 ? kExitOk : kExitCellsFailed;
}

CLI::App* ValidateCommand::add_to(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("validate", "Check plugins against the ABI: one PASS/FAIL line per check");
  cmd->add_option("plugins", args_.plugins, "plugin names or paths to .so files")->required();
  add_plugin_search_options(*cmd, args_.plugin_path, args_.allow_unsafe_plugins);
  cmd->add_option("--option", args_.options,
                  "KEY=VALUE passed to every plugin's prepare (repeatable)");
  cmd->add_option("--phase-timeout", args_.phase_timeout_s,
                  "seconds each plugin call may take (default 5)")
      ->check(positive_number());
  return cmd;
}

}  // namespace rb::cli
