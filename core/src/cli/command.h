// A sub-command of `runner` as a small object: it declares its options once on a CLI11 app,
// which parses them into a plain struct, and its body runs from that struct alone (so a test
// runs a command without CLI11). cli/command_table.h lists every one; runner_main dispatches.
#pragma once

#include <string_view>

#include <CLI/CLI.hpp>

namespace rb::cli {

class Command {
 public:
  virtual ~Command() = default;
  // The word after `runner`: "run", "compare", "store" (for `store copy`).
  virtual std::string_view name() const = 0;
  // Adds the sub-command and its options to app. Returns the CLI11 app that is parsed when
  // this command is chosen (`store copy`'s own, for `store`).
  virtual CLI::App* add_to(CLI::App& app) = 0;
  // The command's body on the options parsed into its struct; the process's exit code.
  virtual int run() = 0;
};

// A command whose options fill an Args struct; body(args) is the command.
template <class Args>
class CommandOn : public Command {
 public:
  const Args& args() const { return args_; }

 protected:
  Args args_;
};

}  // namespace rb::cli
