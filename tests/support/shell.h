// Running a command line for a test: its exit status and everything it printed.
#pragma once

#include <string>

namespace rbtest {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `command` with /bin/sh -c. The test builds every command from paths it made itself.
CommandResult sh(const std::string& command);

}  // namespace rbtest
