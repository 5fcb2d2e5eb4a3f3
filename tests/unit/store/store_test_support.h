// The store tests' fixtures: a scratch directory for database files, and a run recorded the
// way the runner records it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "../../support/scratch_dir.h"
#include "../compare/synthetic_runs.h"
#include "model/json_codec.h"
#include "model/results.h"
#include "store/run_recorder.h"

namespace rb::testing {

using TempDir = rbtest::ScratchDir;

// synthetic_flower_run with its defaults but the seed. Not a braced argument inside the
// typed suites' templates: GCC 12 crashes on `synthetic_flower_run({})` there.
inline RunResult flower_run(std::uint64_t seed = 1) {
  SyntheticOptions options;
  options.seed = seed;
  return synthetic_flower_run(options);
}

// The run as JSON with every sample (what a store must give back whole).
inline std::string full_json(const RunResult& run) {
  return model::dump_json(model::to_json(run, model::SampleDetail::full));
}

// The header the runner writes for `run` from configs/NAME.toml.
inline store::RunHeader header_of(const RunResult& run, const std::string& name = "synthetic") {
  store::RunHeader h;
  h.config_name = name;
  h.config_path = "configs/" + name + ".toml";
  h.config_text = "workload = \"flower\"\n";
  h.workload = run.workload;
  h.plugins = run.plugins;
  h.context = run.context;
  return h;
}

// Records every cell of `run` into the store at `db` (a path or a PostgreSQL URL), finished unless
// `finish` is false; returns the run's id.
inline std::int64_t store_run(const std::string& db, const RunResult& run,
                              const std::string& name = "synthetic", bool finish = true) {
  store::RunRecorder recorder(db);
  const std::int64_t id = recorder.begin(header_of(run, name));
  for (const auto& cell : run.cells) recorder.add_cell(cell);
  if (finish) recorder.finish(run.context, "finished");
  return id;
}

}  // namespace rb::testing
