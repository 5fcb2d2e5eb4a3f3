// A sub-command of `runner` as a small object: it declares its options once on a CLI11 app,
// which parses them into a plain struct, and its body runs from that struct alone (so a test
// runs a command without CLI11). cli/command_table.h lists every one; runner_main dispatches.
#pragma once

#include <algorithm>
#include <cstddef>
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

// A command's name as a template argument.
template <std::size_t N>
struct CommandName {
  constexpr CommandName(const char (&text)[N]) { std::copy_n(text, N, chars); }  // NOLINT
  char chars[N];
};

// A command named `word` whose options fill an Args and whose body is body(args): what is
// left to each command is add_to, its options.
template <class Args, int (*body)(const Args&), CommandName word>
class CommandOn : public Command {
 public:
  std::string_view name() const override { return word.chars; }
  int run() override { return body(args_); }
  const Args& args() const { return args_; }

 protected:
  Args args_;
};

}  // namespace rb::cli
