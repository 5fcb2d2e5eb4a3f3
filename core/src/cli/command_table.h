// Every sub-command of `runner`, once: the table runner_main dispatches through. The hidden
// ones the runner runs in its own children are in cli/child_commands.h.
#pragma once

#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace rb::cli {

// In the order `runner --help` lists them.
std::vector<std::unique_ptr<Command>> runner_commands();

// The top-level app: its description, --version, one sub-command required.
void describe_runner(CLI::App& app);

// A command of the table and the CLI11 app whose parsing chooses it.
struct DeclaredCommand {
  Command* command;
  CLI::App* parsed_by;
};

// Adds every command's options to app (and each one's examples for --help).
std::vector<DeclaredCommand> declare_commands(
    CLI::App& app, const std::vector<std::unique_ptr<Command>>& commands);

// The command the parsed command line chose; nullptr when none.
Command* chosen_command(const std::vector<DeclaredCommand>& declared);

}  // namespace rb::cli
