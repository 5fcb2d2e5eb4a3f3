// The runner's command line and its hidden child modes, as a function: main.cpp only calls it,
// so the one file that pulls CLI11 in for every sub-command compiles with the rest of cli/
// (one unity unit) instead of on its own.
#pragma once

namespace rb::cli {

// `runner ARGS...`: parses the command line, runs the command and returns its exit code
// (cli/exit_codes.h). The hidden `__cell`, `__probe` and `__plugins-of` are dispatched first.
int runner_main(int argc, char** argv);

}  // namespace rb::cli
