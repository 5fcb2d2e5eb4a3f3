// The runner's command line: the hidden child commands first (cli/child_commands.h), then
// the table of sub-commands (cli/command_table.h). `runner CONFIG.toml` is short for
// `runner run CONFIG.toml`.
#include "cli/runner_main.h"

#include <CLI/CLI.hpp>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/child_commands.h"
#include "cli/command_table.h"
#include "cli/exit_codes.h"
#include "text/printable.h"

namespace rb::cli {
namespace {

bool looks_like_config(const std::string& arg) {
  return arg.size() > 5 && arg[0] != '-' && arg.ends_with(".toml");
}

// argv after the program's name, `run` put before a lone config.
std::vector<std::string> command_words(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  if (!words.empty() && looks_like_config(words[0])) words.insert(words.begin(), "run");
  return words;
}

}  // namespace

int runner_main(int argc, char** argv) {
  if (const auto code = run_child_command(argc, argv)) return *code;

  CLI::App app;
  describe_runner(app);
  const auto commands = runner_commands();
  const auto declared = declare_commands(app, commands);
  try {
    std::vector<std::string> words = command_words(argc, argv);
    std::reverse(words.begin(), words.end());  // CLI11 takes a reversed vector
    app.parse(words);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  Command* const chosen = chosen_command(declared);
  if (chosen == nullptr) return kExitUsage;
  try {
    return chosen->run();
  } catch (const std::exception& e) {
    std::cerr << "error: " << text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
