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

class TagCommand final : public CommandOn<TagArgs> {
 public:
  std::string_view name() const override { return "tag"; }
  CLI::App* add_to(CLI::App& app) override;
  int run() override { return tag_command(args_); }
};

}  // namespace rb::cli
