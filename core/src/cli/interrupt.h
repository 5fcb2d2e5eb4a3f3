// SIGINT/SIGTERM (and for `serve` SIGHUP) to the runner: stop the running cell, write what
// finished, exit 130.
#pragma once

#include <atomic>

namespace rb::cli {

// Installs the handlers (without SA_RESTART, so a blocking poll returns) and returns the flag.
// hangup_too: SIGHUP (a closed terminal) sets it too, unless SIGHUP is ignored (nohup).
const std::atomic<bool>& install_interrupt_flag(bool hangup_too = false);

}  // namespace rb::cli
