#include "cli/summarize_command.h"

#include <iostream>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "cli/reporters.h"
#include "report/results_dir.h"
#include "text/printable.h"

namespace rb::cli {

CLI::App* SummarizeCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "summarize", "Rebuild a results directory's summary.json/.csv/.md from its samples.jsonl");
  cmd->add_option("dir", args_.dir, "the results directory")->required();
  return cmd;
}

int summarize_command(const SummarizeArgs& args) {
  const std::filesystem::path& dir = args.dir;
  try {
    const report::RebuiltRun rebuilt = report::rebuild_run_from_samples(dir / "samples.jsonl");
    write_result_files(rebuilt.run, dir);
    std::cerr << fmt::format("summarized: {} of {} cells -> {}\n", rebuilt.run.cells.size(),
                             rebuilt.planned, (dir / "summary.json").string());
    if (!rebuilt.ended)
      std::cerr << "note: the run did not record its end (killed?): finished_at is unknown and "
                   "cells it did not finish are left out\n";
    return kExitOk;
  } catch (const std::exception& e) {
    // The message may quote the damaged file's bytes.
    std::cerr << "error: " << text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
