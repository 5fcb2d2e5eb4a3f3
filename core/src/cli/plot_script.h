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

// `python3 plot.py RESULTS_DIR --out OUT_DIR --formats png,svg`. The script is
// REACTORBENCH_PLOT_SCRIPT, else the source tree's scripts/plot.py; the interpreter is
// REACTORBENCH_PYTHON, else /usr/bin/python3 (Debian's, which has python3-matplotlib),
// else python3 from PATH.
PlotOutcome run_plot_script(const std::filesystem::path& results_dir,
                            const std::filesystem::path& out_dir);

}  // namespace rb::cli
