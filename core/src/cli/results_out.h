// Where `runner run` writes: a directory of its own for every run, so the results of two
// runs never mix (one run's samples appended to another's, one summary over the other's).
#pragma once

#include <filesystem>
#include <optional>

namespace rb::cli {

// Where runs without --out write (relative to the working directory): results/<stem>-<time>.
inline constexpr const char* kDefaultResultsRoot = "results";

// --out DIR: created when missing; refused when it holds anything, unless `force`, which
// first removes the files a run writes there (and keeps everything else). No --out:
// results/<config stem>-<UTC time>, made with mkdir (not -p), so a second run started in
// the same second gets "-2" (then "-3" ...) instead of sharing the first one's directory.
// Throws std::runtime_error saying what to do.
std::filesystem::path prepare_results_dir(const std::optional<std::filesystem::path>& out,
                                          bool force, const std::filesystem::path& config);

}  // namespace rb::cli
