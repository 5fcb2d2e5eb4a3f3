#include "cli/merge_command.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/exit_codes.h"
#include "cli/reporters.h"
#include "cli/results_out.h"
#include "model/regular_file.h"
#include "report/atomic_file.h"
#include "report/results_dir.h"
#include "report/run_context.h"
#include "report/samples_writer.h"
#include "report/shard_merge.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

// samples.jsonl of the merged run: its header (with every shard's context), each cell's
// samples, rounds and result, and the end, as `runner run` writes them.
void write_merged_samples(const RunResult& run, const std::filesystem::path& path) {
  report::SamplesWriter samples(path);
  samples.write_run_header(run, run.cells.size());
  for (const CellResult& cell : run.cells) {
    for (const RoundInterference& round : cell.interference)
      samples.write_interference(cell.cell, round);
    for (const Sample& sample : cell.samples) samples.write(cell.cell, sample);
    samples.write_cell_result(cell);
  }
  samples.write_run_end(run.context);
}

}  // namespace

CLI::App* MergeCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "merge", "Merge the results directories of one run's shards (run --shard I/N) into one");
  cmd->add_option("dirs", args_.dirs, "the shards' results directories")->required();
  cmd->add_option("--out", args_.out, "the merged results directory, new or empty")->required();
  cmd->add_flag("--force", args_.force, "--out may hold earlier results: replace them");
  return cmd;
}

int merge_command(const MergeArgs& args) {
  report::MergedShards merged;
  std::filesystem::path out;
  std::optional<std::string> config;
  try {
    std::vector<report::ShardRun> shards;
    for (const auto& dir : args.dirs) {
      if (!std::filesystem::exists(dir / "summary.json"))
        throw std::runtime_error(dir.string() + ": not a results directory (no summary.json)");
      shards.push_back({dir.string(), report::read_results_dir(dir)});
    }
    // Read as every results file is (model/regular_file.h): never through a link or a FIFO.
    config = model::read_regular_file_if_present(args.dirs.front() / "config.toml",
                                                 report::kConfigTomlBound);
    merged = report::merge_shards(std::move(shards));
    // An output that is one of the inputs would be emptied by --force before it is read
    // (issue 31, item 3: shard 1's own results were lost).
    std::error_code ignored;
    for (const auto& dir : args.dirs)
      if (args.out && std::filesystem::equivalent(dir, *args.out, ignored))
        throw std::runtime_error(fmt::format(
            "--out {} is one of the inputs ({}): give the merged results a directory of "
            "their own",
            args.out->string(), dir.string()));
    out = prepare_results_dir(args.out, args.force, "merged");
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
  RunResult& run = merged.run;
  run.context.run_id = report::new_run_id();
  std::vector<std::string> inputs;
  for (const auto& dir : args.dirs) inputs.push_back(dir.string());
  run.context.command_line =
      fmt::format("runner merge {} --out {}", fmt::join(inputs, " "), out.string());
  // The config as the first shard ran it (all of them ran the same: plan_sha256).
  if (config) report::write_file_atomically(out / "config.toml", *config);
  write_merged_samples(run, out / "samples.jsonl");
  write_result_files(run, out);

  const int count = run.shards.front().shard.count;
  // The group is read from the shards' summary.json: foreign text.
  std::cerr << fmt::format("merged {} of {} shards of group {} ({} cells) -> {}\n",
                           run.shards.size(), count, rb::text::printable(run.context.group),
                           run.cells.size(), out.string());
  if (!merged.missing.empty())
    std::cerr << fmt::format("warning: shard{} {} of {} missing: the merged run lacks {} cells\n",
                             merged.missing.size() == 1 ? "" : "s", fmt::join(merged.missing, ", "),
                             count, merged.missing.size() == 1 ? "its" : "their");
  return merged.missing.empty() && all_ok(run) ? kExitOk : kExitCellsFailed;
}

}  // namespace rb::cli
