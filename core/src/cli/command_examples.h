// The examples `runner --help` and `runner COMMAND --help` end with: each command its own.
// CLI11 copies a parent's footer into every sub-command made after it is set, so they are
// given once every sub-command exists.
#pragma once

#include <CLI/CLI.hpp>

namespace rb::cli {

// Sets the top-level footer and each sub-command's (those with examples of their own).
void add_command_examples(CLI::App& app);

}  // namespace rb::cli
