// The signal dispositions of every process that runs plugin code (a cell, a validate check):
// the parent's SIGTERM is the plugin's stop request (workload::stop_requested()), and SIGPIPE
// is ignored, as every server ignores it, so a peer's reset mid-write is EPIPE, an error the
// plugin handles, and not a dead cell.
#pragma once

namespace rb::exec {

void install_cell_signal_dispositions();

}  // namespace rb::exec
