// The runner's exit codes, documented in the README.
#pragma once

namespace rb::cli {

inline constexpr int kExitOk = 0;             // every cell ok or skipped
inline constexpr int kExitCellsFailed = 1;    // some cell failed, crashed or timed out
inline constexpr int kExitUsage = 2;          // usage, config or plugin-loading error
inline constexpr int kExitInterrupted = 130;  // SIGINT: what finished is written

}  // namespace rb::cli
