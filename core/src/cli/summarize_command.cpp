#include "cli/summarize_command.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "cli/reporters.h"
#include "report/results_dir.h"

namespace rb::cli {

CLI::App* add_summarize_command(CLI::App& app, std::filesystem::path& dir) {
  auto* cmd = app.add_subcommand(
      "summarize", "Rebuild a results directory's summary.json/.csv/.md from its samples.jsonl");
  cmd->add_option("dir", dir, "the results directory")->required();
  return cmd;
}

int summarize_command(const std::filesystem::path& dir) {
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
    std::cerr << "error: " << e.what() << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
