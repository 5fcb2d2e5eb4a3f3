// The runner's exit codes, documented in the README and docs/guide/running.md.
#pragma once

namespace rb::cli {

inline constexpr int kExitOk = 0;           // every cell ok or skipped
inline constexpr int kExitCellsFailed = 1;  // some cell failed, crashed or timed out
// Usage or config error, two plugin files claiming one name, a run store that cannot be
// opened, a non-empty --out, `serve`'s plugin that does not load: nothing was run.
// (A plugin that fails to load during `run` fails its cells: kExitCellsFailed.)
inline constexpr int kExitUsage = 2;
// `run` measured its cells but could not keep all of it: summary.json/.csv/.md could not be
// written (samples.jsonl has every sample: `runner summarize DIR` rebuilds them), or the
// store failed part-way (the run is marked incomplete there). Wins over kExitCellsFailed,
// so a nightly notices the lost results.
inline constexpr int kExitResultsNotSaved = 4;
inline constexpr int kExitInterrupted = 130;  // SIGINT: what finished is written

}  // namespace rb::cli
