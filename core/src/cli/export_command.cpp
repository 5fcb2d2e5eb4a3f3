#include "cli/export_command.h"

#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/exit_codes.h"
#include "cli/reporters.h"
#include "cli/run_ref_options.h"
#include "cli/run_source.h"
#include "cli/shared_options.h"
#include "export/export_input.h"
#include "report/atomic_file.h"
#include "text/printable.h"

namespace rb::cli {

CLI::App* ExportCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Write a run in another benchmarking tool's format");
  cmd->add_option("run", args_.run, "results dir, stored run id, last or last~N")->required();
  add_format_option(*cmd, args_.format, reporter_names(OutputKind::export_format), true);
  cmd->add_option("--out", args_.out,
                  "write here instead of stdout (a directory for a format of several files)");
  cmd->add_option("--metrics,--metric", args_.metrics,
                  "these metrics (comma-separated or repeated; 'all' for every one; default: "
                  "each workload's headline metrics, those of the console table)")
      ->delimiter(',');
  cmd->add_flag("--exclude-disturbed", args_.exclude_disturbed,
                "leave out the cells other work disturbed (default: export them, marked)");
  add_run_ref_options(*cmd, args_.store, args_.config, args_.host);
  return cmd;
}

namespace {

// A format of one file per distribution: into the directory --out (made when missing), or,
// when there is just one file and no --out, on stdout.
int write_files(const std::vector<report::RenderedFile>& files, const ExportArgs& args,
                const std::string& format) {
  if (!args.out) {
    if (files.size() == 1) {
      std::cout << files.front().text;
      return kExitOk;
    }
    std::vector<std::string> names;
    for (const auto& file : files) names.push_back(file.name);
    std::cerr << fmt::format(
        "error: {} gives one file per distribution, {} here ({}): name a directory for them "
        "with --out DIR\n",
        format, files.size(), fmt::join(names, ", "));
    return kExitUsage;
  }
  std::filesystem::create_directories(*args.out);
  for (const auto& file : files) report::write_file_atomically(*args.out / file.name, file.text);
  std::cerr << fmt::format("note: wrote {} files into {}\n", files.size(), args.out->string());
  return kExitOk;
}

// What a dashboard fed the export would not see by itself: the cells it has no numbers of,
// and those whose numbers it gets marked disturbed.
void tell_what_is_marked(const RunResult& run, const ExportArgs& args) {
  const exporting::ExportChoice choice{args.metrics, args.exclude_disturbed};
  for (const auto& line : exporting::withheld_cells(run, choice))
    std::cerr << "note: not exported: " << rb::text::printable_lines(line) << '\n';
  if (args.exclude_disturbed) return;
  std::size_t disturbed = 0;
  for (const auto& cell : run.cells) disturbed += cell.status == CellStatus::ok && cell.disturbed;
  if (disturbed > 0)
    std::cerr << fmt::format(
        "note: {} of the exported cells were disturbed (other work took their CPUs): marked as "
        "such in the export; --exclude-disturbed leaves them out\n",
        disturbed);
}

}  // namespace

int export_command(const ExportArgs& args) {
  const ReporterEntry* format = find_reporter(OutputKind::export_format, args.format);
  if (format == nullptr) {
    std::cerr << fmt::format("error: --format '{}': expected one of {}\n", args.format,
                             reporter_choices(OutputKind::export_format, ", "));
    return kExitUsage;
  }
  try {
    const LoadedRun loaded =
        load_run_ref(args.run, {store_path_or_env(args.store), args.config, args.host});
    const report::Rendered out = format->reporter->render(
        {.run = &loaded.run, .metrics = args.metrics, .exclude_disturbed = args.exclude_disturbed});
    tell_what_is_marked(loaded.run, args);
    if (!out.left_out.empty())
      std::cerr << fmt::format("note: {} does not take {} (left out)\n", format->name,
                               fmt::join(out.left_out, ", "));
    if (!out.files.empty()) return write_files(out.files, args, format->name);
    const std::string& text = out.text;
    if (args.out)
      report::write_file_atomically(*args.out, text);
    else
      std::cout << text;
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
