// A shell command line run to its end for the script tests (scripts/reference-compare,
// scripts/reference-clients): its exit code and what it printed, stderr after stdout when the
// command line says 2>&1.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace rbtest {

struct ShellRun {
  int exit_code = -1;
  std::string out;
};

inline ShellRun run_shell(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  ShellRun result;
  if (pipe == nullptr) return result;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    result.out.append(buffer, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace rbtest
