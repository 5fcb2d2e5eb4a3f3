// A results directory read back whole: summary.json and samples.jsonl checked against each
// other, and (`runner summarize`) the run rebuilt from samples.jsonl alone.
#pragma once

#include <cstddef>
#include <filesystem>

#include "model/regular_file.h"
#include "model/results.h"

namespace rb::report {

// A results directory's config.toml, as the run copied it: no larger than the config loader
// reads (config/config_file.h, max_config_bytes).
inline constexpr model::FileBound kConfigTomlBound{"config.toml", std::uint64_t{16} << 20};

// summary.json and samples.jsonl together: a whole RunResult. Throws std::runtime_error
// naming both files when samples.jsonl is not the summary's run: another run's id, the
// lines of several runs in one file, or a cell whose samples there do not number what
// summary.json counts.
RunResult read_results_dir(const std::filesystem::path& dir);

struct RebuiltRun {
  RunResult run;            // what summary.json says of it (cells in plan order)
  std::size_t planned = 0;  // cells in the plan; run.cells has fewer if the run was killed
  bool ended = false;       // the run wrote its end record (finished_at is known)
};

// The run as samples.jsonl records it: the header's context (the end record's when there is
// one), each cell's result as it was final, and its samples. Throws std::runtime_error naming
// the file when it has no run header (written by a runner before headers) or several.
RebuiltRun rebuild_run_from_samples(const std::filesystem::path& samples_jsonl);

}  // namespace rb::report
