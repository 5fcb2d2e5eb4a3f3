// `--color auto|always|never`, one option for every command whose console output has verdicts
// or failed cells in it (run, compare, history); text/colour_mode.h makes the decision.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace rb::cli {

// Registers --color on command, its value into mode (default "auto"); IsMember lists the
// values in --help and refuses others.
void add_colour_option(CLI::App& command, std::string& mode);

// Whether output to fd gets colour under that option's value (an unknown value: none).
bool colour_for(const std::string& mode, int fd);

}  // namespace rb::cli
