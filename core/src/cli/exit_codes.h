// The runner's exit codes, documented in the README.
#pragma once

namespace rb::cli {

inline constexpr int kExitOk = 0;           // every cell ok or skipped
inline constexpr int kExitCellsFailed = 1;  // some cell failed, crashed or timed out
// Usage or config error, two plugin files claiming one name, a run store that cannot be
// opened, `serve`'s plugin that does not load: nothing was run. Also `run` after a complete
// run whose recording in the store failed part-way, so a nightly notices the lost history.
// (A plugin that fails to load during `run` fails its cells: kExitCellsFailed.)
inline constexpr int kExitUsage = 2;
inline constexpr int kExitInterrupted = 130;  // SIGINT: what finished is written

}  // namespace rb::cli
