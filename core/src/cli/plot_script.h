// Running scripts/plot.py from the runner (for `runner report`): the plots are matplotlib's
// job, and a report without them is still a report, so every failure comes back as a
// reason, never an exception.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace rb::cli {

struct PlotOutcome {
  std::vector<std::filesystem::path> files;  // what plot.py says it wrote, in order
  std::string error;                         // empty on success
};

// Where plot.py is looked for, in order: REACTORBENCH_PLOT_SCRIPT alone when set; else
// beside the running binary as `cmake --install` lays it out (PREFIX/bin/runner ->
// PREFIX/share/reactorbench/plot.py), then the source tree the runner was built from (a
// build tree's runner).
std::vector<std::filesystem::path> plot_script_places();

// `python3 plot.py RESULTS_DIR --out OUT_DIR --formats png,svg`, the script the first of
// plot_script_places() that exists (none: an error naming them); the interpreter is
// REACTORBENCH_PYTHON, else /usr/bin/python3 (Debian's, which has python3-matplotlib),
// else python3 from PATH.
PlotOutcome run_plot_script(const std::filesystem::path& results_dir,
                            const std::filesystem::path& out_dir);

}  // namespace rb::cli
