// Where and how a run happens: recorded with every result set so numbers can be compared
// with their circumstances.
#pragma once

#include <filesystem>
#include <string>

#include "model/results.h"

namespace rb::report {

// Everything the host can tell about itself now, and the runner's own build facts (its git
// revision is the one it was built from: model/build_info.h). Unreadable facts stay empty
// (governor; the revision of a build outside git); command_line, config_path and
// finished_at are the caller's to fill.
RunContext collect_run_context();

// This machine's name, kernel ("release version") and CPU model, as collect_run_context
// records them ("" when unreadable): also what a role run through a launcher says of its
// machine (Provenance::host).
std::string host_name();
std::string kernel();
std::string cpu_model();

// 32 random hex digits: RunContext::run_id.
std::string new_run_id();

// "2026-03-01T12:34:56Z"
std::string iso8601_utc_now();

}  // namespace rb::report
