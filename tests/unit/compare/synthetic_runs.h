// Hand-made runs for the compare, store and export tests: flower cells whose samples are
// drawn from known distributions, so a test knows what the verdict must be.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/results.h"

namespace rb::testing {

struct SyntheticOptions {
  std::uint64_t seed = 1;
  std::size_t samples = 24;
  double scale = 1.0;   // every value multiplied by this (1.2 = a 20% slowdown)
  double noise = 0.01;  // standard deviation as a fraction of the value
  // Rounds the samples are spread over (evenly, in order): the replicates a verdict needs.
  std::size_t rounds = 6;
  double round_noise = 0;  // between-round standard deviation, as a fraction of the value
  std::vector<std::string> plugins = {"libevent2", "muduo"};
  std::string sha256 = "aa11";  // provenance hash of every plugin
};

// flower at pipes=100 and pipes=1000 (active=100, writes=100, transport=socketpair), each
// plugin ok with setup_us, dispatch_us and total_us samples and summaries, provenance and
// a context on host "testhost".
RunResult synthetic_flower_run(const SyntheticOptions& options);

// Writes summary.json, samples.jsonl and config.toml (name = config_name) like a run does.
void write_results_dir(const RunResult& run, const std::filesystem::path& dir,
                       const std::string& config_name = "synthetic");

}  // namespace rb::testing
