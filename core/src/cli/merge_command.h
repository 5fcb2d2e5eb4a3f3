// `runner merge DIR... --out DIR`: the results directories of one group's shards (`runner run
// --shard I/N`, one per machine) as one results directory, which report, compare and export
// read like any other (report/shard_merge.h says what is refused).
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace rb::cli {

struct MergeArgs {
  std::vector<std::filesystem::path> dirs;
  std::optional<std::filesystem::path> out;
  bool force = false;
};

// 0: merged, every shard there and every cell ok or skipped; 1: merged, but a shard is
// missing or a cell failed; 2: nothing written (not shards of one run, an unreadable
// directory, a non-empty --out).
int merge_command(const MergeArgs& args);

struct MergeCommand final : CommandOn<MergeArgs, merge_command, "merge"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
