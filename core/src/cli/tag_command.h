// `runner tag RUN NAME`: names a stored run (a run id, last, last~N, a tag, or a results
// directory linked to its store) so compare, report and export take the name as a run.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace rb::cli {

struct TagArgs {
  std::string run;
  std::string name;
  std::optional<std::filesystem::path> store;
  std::string config;
  std::string host;
};

int tag_command(const TagArgs& args);

struct TagCommand final : CommandOn<TagArgs, tag_command, "tag"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
