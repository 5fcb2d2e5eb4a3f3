// SIGINT/SIGTERM to the runner: stop the running cell, write what finished, exit 130.
#pragma once

#include <atomic>

namespace rb::cli {

// Installs the handlers (without SA_RESTART, so a blocking poll returns) and returns the flag.
const std::atomic<bool>& install_interrupt_flag();

}  // namespace rb::cli
