// Shared by the containment tests: a small flower matrix of one misbehaving plugin next to a
// good one, run by the real runner, and what it left behind.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_helpers.h"

namespace rbtest {

inline std::filesystem::path bad_plugin(const std::string& file) {
  return std::filesystem::path(RB_BAD_PLUGIN_DIR) / file;
}
inline std::filesystem::path runtime_bad_plugins() {
  return bad_plugin("runtime");
}

// workload flower, plugins = [<bad>, "raw-epoll"], pipes 20, active 4, writes 10, one
// warm-up and `repetitions` measured iterations.
std::string two_plugin_config(const std::string& bad, int repetitions = 4,
                              const std::string& timeout = "20s");

struct MatrixRun {
  RunOutput output;
  std::filesystem::path out;          // the results directory
  nlohmann::json summary;             // summary.json, or null when it was not written
  std::vector<nlohmann::json> lines;  // samples.jsonl, every line parsed but interference records
};

// Runs `config` with --out <dir>/out and the given extra arguments.
MatrixRun run_matrix(const ScratchDir& dir, const std::string& config,
                     const std::vector<std::string>& extra_args = {});

// Measured samples of that plugin in samples.jsonl (event lines excluded).
long samples_of(const MatrixRun& run, const std::string& plugin);
// Every results file the runner promises, present.
void expect_results_written(const MatrixRun& run);
// The good plugin's cell is ok with all its samples: the rest of the matrix completed.
void expect_good_plugin_completed(const MatrixRun& run, int repetitions = 4);
// The whole run went well: exit code 0, `plugin`'s cell ok with its 4 samples, and the good
// plugin's too.
void expect_ran_ok(const MatrixRun& run, const std::string& plugin);

}  // namespace rbtest
