// `runner summarize DIR`: summary.json, .csv and .md rebuilt from DIR/samples.jsonl alone,
// for a run that measured its cells but could not write them (exit code 4: a full disk) or
// whose summaries were lost.
#pragma once

#include <filesystem>

#include "cli/command.h"

namespace rb::cli {

struct SummarizeArgs {
  std::filesystem::path dir;  // the results directory
};

int summarize_command(const SummarizeArgs& args);

struct SummarizeCommand final : CommandOn<SummarizeArgs, summarize_command, "summarize"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
