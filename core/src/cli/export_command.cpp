#include "cli/export_command.h"

#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/exit_codes.h"
#include "cli/run_source.h"
#include "export/bencher_bmf.h"
#include "export/github_action_benchmark.h"
#include "export/google_benchmark.h"
#include "report/atomic_file.h"

namespace rb::cli {
namespace {

const std::vector<std::string> kFormats = {"google-benchmark", "bencher",
                                           "custom-smaller-is-better", "custom-bigger-is-better"};

// The names the other tools use for themselves are accepted too.
std::string canonical_format(const std::string& format) {
  if (format == "gbench" || format == "googlebenchmark") return "google-benchmark";
  if (format == "bmf") return "bencher";
  if (format == "customSmallerIsBetter") return "custom-smaller-is-better";
  if (format == "customBiggerIsBetter") return "custom-bigger-is-better";
  return format;
}

}  // namespace

CLI::App* add_export_command(CLI::App& app, ExportArgs& args) {
  auto* cmd = app.add_subcommand("export", "Write a run in another benchmarking tool's format");
  cmd->add_option("run", args.run, "results dir, stored run id, last or last~N")->required();
  cmd->add_option("--format", args.format,
                  "google-benchmark, bencher, custom-smaller-is-better or "
                  "custom-bigger-is-better")
      ->required();
  cmd->add_option("--out", args.out, "write here instead of stdout");
  cmd->add_option("--metric", args.metrics, "only this metric (repeatable)")->delimiter(',');
  cmd->add_option("--store", args.store, "history database (default: REACTORBENCH_DB)");
  cmd->add_option("--config", args.config,
                  "last / last~N count only finished runs of this config (default: the config "
                  "of the newest finished run)");
  cmd->add_option("--host", args.host, "last / last~N count only runs on this host");
  return cmd;
}

int export_command(const ExportArgs& args) {
  const std::string format = canonical_format(args.format);
  if (std::find(kFormats.begin(), kFormats.end(), format) == kFormats.end()) {
    std::cerr << fmt::format("error: --format '{}': expected one of {}\n", args.format,
                             fmt::join(kFormats, ", "));
    return kExitUsage;
  }
  try {
    const LoadedRun loaded =
        load_run_ref(args.run, {store_path_or_env(args.store), args.config, args.host});
    std::vector<std::string> skipped;
    model::Json out;
    if (format == "google-benchmark")
      out = exporting::google_benchmark_json(loaded.run, args.metrics, skipped);
    else if (format == "bencher")
      out = exporting::bencher_bmf_json(loaded.run, args.metrics);
    else
      out = exporting::github_action_benchmark_json(loaded.run,
                                                    format == "custom-smaller-is-better"
                                                        ? exporting::Direction::smaller_is_better
                                                        : exporting::Direction::bigger_is_better,
                                                    args.metrics, skipped);
    if (!skipped.empty())
      std::cerr << fmt::format("note: {} does not take {} (left out)\n", format,
                               fmt::join(skipped, ", "));
    const std::string text = model::dump_json(out, 2) + '\n';
    if (args.out)
      report::write_file_atomically(*args.out, text);
    else
      std::cout << text;
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
