// What a child writes to a pipe, read until it exits: a probe's answer, a command's output.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rb::proc {

struct CollectedOutput {
  std::string output;               // at most the max_bytes asked for
  std::uint64_t dropped_bytes = 0;  // what came beyond them, counted and not kept
  int wait_status = 0;
  bool timed_out = false;
};

// Reads `read_fd` (the parent's end of a pipe the child writes) until the child `pid` exits,
// keeping at most max_bytes (the rest is counted). Each look at the pipe reads a bounded
// amount, so a child that writes without end cannot hold it past the deadline. Past `deadline` it
// kills the child's process group and the child, reaps it and says so. What a grandchild still
// holding the pipe writes after the child exited is not waited for.
CollectedOutput collect_output(pid_t pid, int read_fd, std::size_t max_bytes,
                               std::optional<std::chrono::steady_clock::time_point> deadline);

// Standard output of the program argv[0] (looked up in PATH) run with argv, its standard
// error on /dev/null; nullopt when it cannot be run, exits non-zero or prints more than
// 16 MiB.
std::optional<std::string> program_output(const std::vector<std::string>& argv);

}  // namespace rb::proc
