// The hidden sub-commands: the runner talking to itself in a child process, and to
// scripts/runner. `__cell --job-fd FD` (`--job-stdin` through a launcher: exec/launched_cell.h)
// runs one cell (or, with the job's `check` set, one conformance check of `runner
// validate`); `__probe PATH FD` describes one plugin; `__plugins-of CONFIG...` tells
// scripts/runner which plugins a config needs built. They bypass CLI11: argv is a protocol.
#pragma once

#include <optional>

namespace rb::cli {

// The exit code of the hidden command argv[1] names, or nullopt when it names none. A child
// (__cell, __probe) never returns: it ends the process itself.
std::optional<int> run_child_command(int argc, char** argv);

}  // namespace rb::cli
