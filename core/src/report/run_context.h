// Where and how a run happens: recorded with every result set so numbers can be compared
// with their circumstances.
#pragma once

#include <filesystem>
#include <string>

#include "model/results.h"

namespace rb::report {

// Everything the host can tell about itself now. Unreadable facts stay empty (governor,
// git revision outside a repository); command_line, config_path and finished_at are the
// caller's to fill.
RunContext collect_run_context(const std::filesystem::path& source_dir);

// 32 random hex digits: RunContext::run_id.
std::string new_run_id();

// "2026-03-01T12:34:56Z"
std::string iso8601_utc_now();

// `git -C dir rev-parse --short HEAD`, with "-dirty" when `git status --porcelain` lists
// anything; "" when dir is not in a repository or git is missing.
std::string git_revision(const std::filesystem::path& dir);

}  // namespace rb::report
